// The audit log (admins only): who changed what, when and from which address; newest first.
import { listAudit } from './audit.service';
import { auditListInput } from './audit.schemas';
import { adminProcedure, router } from '@server/trpc/init';

export const auditRouter = router({
  list: adminProcedure
    .meta({ description: 'The audit log, newest first and paged, filtered by person (userId), kind of record (entity), a range of times from (included) to (excluded) and a search; total counts at most 10,000 rows and says totalCapped beyond.' })
    .input(auditListInput)
    .query(({ ctx, input }) => listAudit(ctx, input)),
});
