import { byIdInput } from '@server/shared/common.schemas';
import { createDelegateInput, delegateListInput, updateDelegateInput } from './delegates.schemas';
import { createDelegate, deleteDelegate, listDelegates, updateDelegate } from './delegates.service';
import { adminProcedure, router, staffProcedure } from '@server/trpc/init';

export const delegatesRouter = router({
  list: staffProcedure
    .meta({ description: 'Delegates, paged on the server, with a search and an optional session or event filter.' })
    .input(delegateListInput)
    .query(({ ctx, input }) => listDelegates(ctx, input)),

  create: adminProcedure
    .meta({ description: 'Adds a delegate to a session (audited).' })
    .input(createDelegateInput)
    .mutation(({ ctx, input }) => createDelegate(ctx, input)),

  update: adminProcedure
    .meta({ description: "Replaces a delegate's fields, photo included (audited)." })
    .input(updateDelegateInput)
    .mutation(({ ctx, input }) => updateDelegate(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Deletes a delegate (audited).' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteDelegate(ctx, input)),
});
