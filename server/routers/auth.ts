import { z } from 'zod';
import { countUsers } from '../repositories/users';
import { changePasswordInput, setupAdminInput, signInInput } from '../schemas/auth';
import { disableTwoFactorInput, enableTwoFactorInput, twoFactorCodeInput } from '../schemas/two-factor';
import { actorOf } from '../services/audit';
import { changePassword, setupFirstAdmin, signIn, signOut, verifyTwoFactor } from '../services/auth';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../services/two-factor';
import { publicProcedure, router, staffProcedure } from '../trpc/init';

export const authRouter = router({
  /** The signed-in account, or null. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** The user, or `{ twoFactorRequired: true }` with only the challenge cookie set when a code is needed. */
  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }) => {
    const outcome = await signIn(ctx, input.email, input.password, ctx.ip);
    if ('twoFactorRequired' in outcome) {
      ctx.challenge.set(outcome.challenge.token, outcome.challenge.expiresAt);
      return { twoFactorRequired: true as const };
    }
    ctx.challenge.clear();
    ctx.cookies.set(outcome.token, outcome.session.expiresAt);
    return outcome.user;
  }),

  /** Second sign-in step: the challenge cookie and a current or recovery code; answers like signIn. */
  verifyTwoFactor: publicProcedure.input(twoFactorCodeInput).mutation(async ({ ctx, input }) => {
    const signedIn = await verifyTwoFactor(ctx, ctx.challenge.token, input.code, ctx.ip);
    ctx.challenge.clear();
    ctx.cookies.set(signedIn.token, signedIn.session.expiresAt);
    return signedIn.user;
  }),

  twoFactor: router({
    /** A new key for the caller's authenticator app; enables nothing yet. */
    setup: staffProcedure.mutation(({ ctx }) => setupTwoFactor(ctx.db, ctx.user.id, actorOf(ctx))),
    /** Finishes the set-up with the password and a current code; other sessions end; the recovery codes are shown this once. */
    enable: staffProcedure
      .input(enableTwoFactorInput)
      .mutation(({ ctx, input }) =>
        enableTwoFactor(ctx, { userId: ctx.user.id, sessionId: ctx.session.id, email: ctx.user.email, ip: ctx.ip }, input, actorOf(ctx)),
      ),
    disable: staffProcedure.input(disableTwoFactorInput).mutation(async ({ ctx, input }) => {
      await disableTwoFactor(ctx, { userId: ctx.user.id, email: ctx.user.email, ip: ctx.ip }, input, actorOf(ctx));
      return { twoFactorEnabled: false };
    }),
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session !== null && ctx.user !== null) await signOut(ctx.db, { user: ctx.user, session: ctx.session }, ctx.ip);
    ctx.cookies.clear();
    return { signedOut: true };
  }),

  changePassword: staffProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const caller = { userId: ctx.user.id, sessionId: ctx.session.id, email: ctx.user.email, ip: ctx.ip };
    await changePassword(ctx, caller, input.currentPassword, input.newPassword, actorOf(ctx));
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
