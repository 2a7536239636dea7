// Settings screen: the caller's own profile, security and notifications for
// any signed-in account; system and e-mail settings and the test e-mail for admins only.
import {
  emailSettingsInput,
  notificationSettingsInput,
  profileSettingsInput,
  securitySettingsInput,
  systemSettingsInput,
  testEmailInput,
} from '../schemas/settings';
import { siteIdentityInput } from '../schemas/site-identity';
import { updateSiteIdentity } from '../services/site-identity';
import { actorOf } from '../services/audit';
import * as settings from '../services/settings';
import { sendWeeklyReportNow } from '../services/email/weekly-report';
import { adminProcedure, publicProcedure, router, staffProcedure } from '../trpc/init';

export const settingsRouter = router({
  /** What every page needs: site name and description, timezone, maintenance and bookings switches. */
  public: publicProcedure.query(({ ctx }) => settings.getPublicSettings(ctx.db)),

  /** All five groups for the Settings screen; the e-mail group only for admins, without the password. */
  get: staffProcedure.query(({ ctx }) => settings.getAllSettings(ctx.db, ctx.user.id)),

  /** A new sign-in e-mail needs the current password, and the old address is told. */
  updateProfile: staffProcedure
    .input(profileSettingsInput)
    .mutation(({ ctx, input }) =>
      settings.updateProfile(ctx, { userId: ctx.user.id, sessionId: ctx.session.id, email: ctx.user.email, ip: ctx.ip }, input, actorOf(ctx)),
    ),

  /** A new password ends the caller's other sessions, never the current one. */
  updateSecurity: staffProcedure
    .input(securitySettingsInput)
    .mutation(({ ctx, input }) =>
      settings.updateSecurity(
        ctx,
        { userId: ctx.user.id, sessionId: ctx.session.id, email: ctx.user.email, ip: ctx.ip },
        input,
        actorOf(ctx),
      ),
    ),

  updateNotifications: staffProcedure
    .input(notificationSettingsInput)
    .mutation(({ ctx, input }) => settings.updateNotifications(ctx.db, ctx.user.id, input, actorOf(ctx))),

  updateSystem: adminProcedure.input(systemSettingsInput).mutation(({ ctx, input }) => settings.updateSystem(ctx, input, actorOf(ctx))),

  /** Firm name, tagline, description, contact details, map, social links and footer text, all at once. */
  updateIdentity: adminProcedure
    .meta({ description: "Saves the firm's identity shown on every public page, e-mail and calendar file." })
    .input(siteIdentityInput)
    .mutation(({ ctx, input }) => updateSiteIdentity(ctx, input, actorOf(ctx))),

  /** An absent smtpPassword keeps the stored one; a string, even empty, replaces it. */
  updateEmail: adminProcedure.input(emailSettingsInput).mutation(({ ctx, input }) => settings.updateEmail(ctx.db, input, actorOf(ctx))),

  /** Sends a real message, with the settings as on screen, to the signed-in admin's own address (audited, sent or not). */
  testEmail: adminProcedure
    .input(testEmailInput)
    .mutation(({ ctx, input }) => settings.sendTestEmail(ctx, ctx.user.email, input, actorOf(ctx))),

  /** 'Send me this report now': this week's report to the caller's own address, through the outbox. */
  sendWeeklyReport: staffProcedure.mutation(({ ctx }) => sendWeeklyReportNow(ctx, { ...actorOf(ctx), email: ctx.user.email, role: ctx.user.role })),
});
