import { listUsers } from '../repositories/users';
import { createUserInput, updateUserInput, userListInput } from '../schemas/auth';
import { byIdInput } from '../schemas/common';
import { actorOf } from '../services/audit';
import { createUser, deleteUser, updateUser } from '../services/users';
import { resetTwoFactor } from '../services/two-factor';
import { adminProcedure, router } from '../trpc/init';

export const usersRouter = router({
  list: adminProcedure.input(userListInput).query(({ ctx, input }) => listUsers(ctx.db, input)),
  create: adminProcedure.input(createUserInput).mutation(({ ctx, input }) => createUser(ctx.db, input, actorOf(ctx))),
  update: adminProcedure.input(updateUserInput).mutation(({ ctx, input }) => updateUser(ctx.db, ctx.user.id, input, actorOf(ctx))),
  delete: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    await deleteUser(ctx.db, ctx.user.id, input.id, actorOf(ctx));
    return { id: input.id };
  }),
  /** Turns two-factor off for a colleague who lost the device and the recovery codes. */
  resetTwoFactor: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => resetTwoFactor(ctx.db, input.id, actorOf(ctx))),
});
