// The audit log (admins only): who changed what, when and from which address; newest first.
import { listAudit } from '../repositories/audit';
import { auditListInput } from '../schemas/audit';
import { adminProcedure, router } from '../trpc/init';

export const auditRouter = router({
  /** Filters: person (userId), kind of record (entity), from (inclusive) / to (exclusive), search. */
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => listAudit(ctx.db, input)),
});
