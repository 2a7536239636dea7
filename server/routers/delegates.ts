import { deleteDelegates, listDelegates } from '../repositories/delegates';
import { byIdInput } from '../schemas/common';
import { createDelegateInput, delegateListInput, updateDelegateInput } from '../schemas/delegates';
import { createDelegate, DELEGATE_NOT_FOUND, updateDelegate } from '../services/sessions';
import { adminProcedure, router, staffProcedure } from '../trpc/init';
import { NotFoundError } from '../errors';

export const delegatesRouter = router({
  list: staffProcedure.input(delegateListInput).query(({ ctx, input }) => listDelegates(ctx.db, input)),

  create: adminProcedure.input(createDelegateInput).mutation(({ ctx, input }) => createDelegate(ctx.db, input)),

  update: adminProcedure.input(updateDelegateInput).mutation(({ ctx, input }) => updateDelegate(ctx.db, input)),

  delete: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    if ((await deleteDelegates(ctx.db, [input.id])) === 0) {
      throw new NotFoundError(DELEGATE_NOT_FOUND);
    }
    return { id: input.id };
  }),
});
