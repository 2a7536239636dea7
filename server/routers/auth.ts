import { z } from 'zod';
import { countUsers } from '../repositories/users';
import { changePasswordInput, setupAdminInput, signInInput } from '../schemas/auth';
import { actorOf } from '../services/audit';
import { changePassword, setupFirstAdmin, signIn, signOut } from '../services/auth';
import { publicProcedure, router, staffProcedure } from '../trpc/init';

export const authRouter = router({
  /** The signed-in account, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const signedIn = await signIn(ctx, input.email, input.password, ctx.ip);
    ctx.cookies.set(signedIn.token, signedIn.session.expiresAt);
    return signedIn.user;
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session !== null && ctx.user !== null) await signOut(ctx.db, { user: ctx.user, session: ctx.session }, ctx.ip);
    ctx.cookies.clear();
    return { signedOut: true };
  }),

  changePassword: staffProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.user.id, ctx.session.id, input.currentPassword, input.newPassword, actorOf(ctx));
    return { changed: true };
  }),

  /** First run: true while no account exists and the setup link is the way in. */
  setupStatus: publicProcedure.output(z.object({ needsSetup: z.boolean() })).query(async ({ ctx }) => ({
    needsSetup: (await countUsers(ctx.db)) === 0,
  })),

  setupAdmin: publicProcedure.input(setupAdminInput).mutation(async ({ ctx, input }) => {
    const signedIn = await setupFirstAdmin(ctx, input, ctx.ip);
    ctx.cookies.set(signedIn.token, signedIn.session.expiresAt);
    return signedIn.user;
  }),
});
