import { listDelegates } from '../repositories/delegates';
import { byIdInput } from '../schemas/common';
import { createDelegateInput, delegateListInput, updateDelegateInput } from '../schemas/delegates';
import { actorOf } from '../services/audit';
import { createDelegate, deleteDelegate, updateDelegate } from '../services/sessions';
import { adminProcedure, router, staffProcedure } from '../trpc/init';

export const delegatesRouter = router({
  list: staffProcedure.input(delegateListInput).query(({ ctx, input }) => listDelegates(ctx.db, input)),

  create: adminProcedure.input(createDelegateInput).mutation(({ ctx, input }) => createDelegate(ctx, input, actorOf(ctx))),

  update: adminProcedure.input(updateDelegateInput).mutation(({ ctx, input }) => updateDelegate(ctx, input, actorOf(ctx))),

  delete: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => deleteDelegate(ctx, input.id, actorOf(ctx))),
});
