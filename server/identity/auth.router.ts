import { z } from 'zod';
import { changePasswordInput, setupAdminInput, signInInput } from './auth.schemas';
import { disableTwoFactorInput, enableTwoFactorInput, twoFactorCodeInput } from './two-factor.schemas';
import { changePassword, setupFirstAdmin, signIn, signOut, verifyTwoFactor } from './auth.service';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor.service';
import { setupStatus } from './users.service';
import { getSignInOptions } from '@server/sso/sso-settings.service';
import { publicProcedure, router, staffProcedure } from '@server/trpc/init';

export const authRouter = router({
  me: publicProcedure
    .meta({ description: 'The signed-in account, or null for an anonymous caller.' })
    .query(({ ctx }) => ctx.user),

  signIn: publicProcedure
    .meta({ description: "Signs in with e-mail and password and sets the session cookie, or for an account with two-factor answers { twoFactorRequired: true } and sets only a 5-minute challenge cookie; a wrong e-mail or password is UNAUTHORIZED 'Invalid email or password.' and repeated failures are TOO_MANY_REQUESTS." })
    .input(signInInput)
    .mutation(async ({ ctx, input }) => {
      const outcome = await signIn(ctx, input);
      if ('twoFactorRequired' in outcome) {
        ctx.challenge.set(outcome.challenge.token, outcome.challenge.expiresAt);
        return { twoFactorRequired: true as const };
      }
      ctx.challenge.clear();
      ctx.cookies.set(outcome.token, outcome.session.expiresAt);
      return outcome.user;
    }),

  verifyTwoFactor: publicProcedure
    .meta({ description: "Second sign-in step: with the challenge cookie, takes a current authenticator code or an unused recovery code, starts the session and answers the user like signIn; a wrong code is UNAUTHORIZED 'Invalid verification code.' and counts like a wrong password." })
    .input(twoFactorCodeInput)
    .mutation(async ({ ctx, input }) => {
      const signedIn = await verifyTwoFactor(ctx, input);
      ctx.challenge.clear();
      ctx.cookies.set(signedIn.token, signedIn.session.expiresAt);
      return signedIn.user;
    }),

  twoFactor: router({
    setup: staffProcedure
      .meta({ description: 'Starts two-factor enrolment for the caller: a new key as base32 secret and otpauth:// uri for the authenticator app; enables nothing yet (PRECONDITION_FAILED when already on).' })
      .mutation(({ ctx }) => setupTwoFactor(ctx)),
    enable: staffProcedure
      .meta({ description: "Finishes enrolment with the caller's password and a current code: two-factor is on, the caller's other sessions end, and the 10 recovery codes are answered this once (audited)." })
      .input(enableTwoFactorInput)
      .mutation(({ ctx, input }) => enableTwoFactor(ctx, input)),
    disable: staffProcedure
      .meta({ description: "Turns the caller's two-factor off with the password and a current or recovery code, limited like sign-in (audited)." })
      .input(disableTwoFactorInput)
      .mutation(({ ctx, input }) => disableTwoFactor(ctx, input)),
  }),

  signOut: publicProcedure
    .meta({ description: "Ends the caller's session, if any, and clears the session cookie (audited when a session ended)." })
    .mutation(async ({ ctx }) => {
      const signedOut = await signOut(ctx);
      ctx.cookies.clear();
      return signedOut;
    }),

  changePassword: staffProcedure
    .meta({ description: "Changes the caller's password given the current one, ending the caller's other sessions and any pending two-factor challenge; a wrong current password counts like a failed sign-in." })
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),

  signInOptions: publicProcedure
    .meta({ description: "What the sign-in page offers: sso { label } when single sign-on is set up (its button goes to GET /auth/sso/start), and whether the password form is open to everyone (false: the owner's only)." })
    .query(({ ctx }) => getSignInOptions(ctx)),

  setupStatus: publicProcedure
    .meta({ description: 'First run: needsSetup is true while no account exists and the one-time setup link is the way in.' })
    .output(z.object({ needsSetup: z.boolean() }))
    .query(({ ctx }) => setupStatus(ctx)),

  setupAdmin: publicProcedure
    .meta({ description: 'First run: creates the first admin with a setup token the server printed and signs them in; FORBIDDEN for an unknown token, PRECONDITION_FAILED once any account exists.' })
    .input(setupAdminInput)
    .mutation(async ({ ctx, input }) => {
      const signedIn = await setupFirstAdmin(ctx, input);
      ctx.cookies.set(signedIn.token, signedIn.session.expiresAt);
      return signedIn.user;
    }),
});
