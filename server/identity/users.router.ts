import { createUserInput, updateUserInput, userListInput } from './auth.schemas';
import { byIdInput } from '@server/shared/common.schemas';
import { createUser, deleteUser, listUsers, updateUser } from './users.service';
import { resetTwoFactor } from './two-factor.service';
import { adminProcedure, router } from '@server/trpc/init';

export const usersRouter = router({
  list: adminProcedure
    .meta({ description: 'User accounts, paged on the server with a search, each saying whether two-factor is on.' })
    .input(userListInput)
    .query(({ ctx, input }) => listUsers(ctx, input)),
  create: adminProcedure
    .meta({ description: 'Creates an account with a name, e-mail, password and role; CONFLICT on the email field when the address is taken (audited).' })
    .input(createUserInput)
    .mutation(({ ctx, input }) => createUser(ctx, input)),
  update: adminProcedure
    .meta({ description: "Changes an account's name, e-mail and role; nobody changes their own role and the last admin cannot be demoted (audited)." })
    .input(updateUserInput)
    .mutation(({ ctx, input }) => updateUser(ctx, input)),
  delete: adminProcedure
    .meta({ description: "Deletes an account and ends its sessions; not one's own and not the last admin (PRECONDITION_FAILED), while its audit rows stay (audited)." })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteUser(ctx, input)),
  resetTwoFactor: adminProcedure
    .meta({ description: 'Turns two-factor off for a colleague who lost the device and the recovery codes, removing the key and codes (audited).' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => resetTwoFactor(ctx, input)),
});
