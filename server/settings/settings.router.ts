// Settings screen: the caller's own profile, security and notifications for
// any signed-in account; system and e-mail settings and the test e-mail for admins only.
import {
  emailSettingsInput,
  notificationSettingsInput,
  profileSettingsInput,
  securitySettingsInput,
  systemSettingsInput,
} from './settings.schemas';
import { siteIdentityInput } from './site-identity.schemas';
import { updateSiteIdentity } from './site-identity.service';
import * as settings from './settings.service';
import * as account from './account-settings.service';
import * as email from './email-settings.service';
import { sendWeeklyReportNow } from '@server/dashboard/weekly-report.service';
import { updateEmbedInput } from '@server/embed/embed.schemas';
import { getEmbedSettings, updateEmbed } from '@server/embed/embed-settings.service';
import { updateSsoInput } from '@server/sso/sso.schemas';
import { getSsoSettings, updateSso } from '@server/sso/sso-settings.service';
import { billingSettingsInput } from '@server/invoices/billing-settings.schemas';
import { getBillingSettings, updateBillingSettings } from '@server/invoices/billing-settings.service';
import { adminProcedure, publicProcedure, router, staffProcedure } from '@server/trpc/init';

export const settingsRouter = router({
  public: publicProcedure
    .meta({ description: "What every page needs: site name and description, timezone, Maintenance Mode, Allow Registrations, the currency and whether prices include tax, and the firm's identity (contact details, map, social links, colours, logo, and its texts' French values in `identity.translations`)." })
    .query(({ ctx }) => settings.getPublicSettings(ctx)),

  get: staffProcedure
    .meta({ description: "The Settings screen's groups for the caller: own profile, security and notifications, the system group, and the e-mail group for admins only, never its password." })
    .query(({ ctx }) => settings.getAllSettings(ctx)),

  updateProfile: staffProcedure
    .meta({ description: "Updates the caller's own name, e-mail and avatar; a new sign-in e-mail needs the current password and the replaced address is told (audited)." })
    .input(profileSettingsInput)
    .mutation(({ ctx, input }) => account.updateProfile(ctx, input)),

  updateSecurity: staffProcedure
    .meta({ description: "Sets the caller's session timeout (15 to 480 minutes) and, given the current password, a new password, which ends the caller's other sessions but not this one (audited)." })
    .input(securitySettingsInput)
    .mutation(({ ctx, input }) => account.updateSecurity(ctx, input)),

  updateNotifications: staffProcedure
    .meta({ description: "Sets the caller's own e-mail notification switches (audited)." })
    .input(notificationSettingsInput)
    .mutation(({ ctx, input }) => account.updateNotifications(ctx, input)),

  updateSystem: adminProcedure
    .meta({ description: 'Updates the site-wide settings: name and description, timezone, Maintenance Mode, Allow Registrations, upload size, reminders, e-mail retention and give-up time, the currency (ISO 4217) and whether prices include tax, automatic backups (audited).' })
    .input(systemSettingsInput)
    .mutation(({ ctx, input }) => settings.updateSystem(ctx, input)),

  updateIdentity: adminProcedure
    .meta({ description: "Saves the firm's identity shown on every public page, e-mail and calendar file: name, tagline, description, logo, brand colours (refused below WCAG AA), contact details, map, social links and footer text, and the French values of the tagline, description, opening hours, reply promise and footer text (`translations.fr`; blank shows the English one) (audited)." })
    .input(siteIdentityInput)
    .mutation(({ ctx, input }) => updateSiteIdentity(ctx, input)),

  updateEmail: adminProcedure
    .meta({ description: 'Updates the SMTP settings; an absent smtpPassword keeps the stored one, a string (even empty) replaces it, and a changed host, port or user needs the password again (audited).' })
    .input(emailSettingsInput)
    .mutation(({ ctx, input }) => email.updateEmail(ctx, input)),

  testEmail: adminProcedure
    .meta({ description: "Sends a real message with the SMTP settings as on screen to the signed-in admin's own address and answers what failed, without network detail (audited, sent or not)." })
    // The settings as typed in the form, saved or not: the same fields as a save.
    .input(emailSettingsInput)
    .mutation(({ ctx, input }) => email.sendTestEmail(ctx, input)),

  sso: adminProcedure
    .meta({ description: 'The Single sign-on tab: issuer, client id, whether a client secret is stored (never the secret), button label, allowed domains, whether password sign-in is open to everyone, and the redirect address to register at the provider.' })
    .query(({ ctx }) => getSsoSettings(ctx)),

  updateSso: adminProcedure
    .meta({ description: "Saves single sign-on (OpenID Connect) for staff: the issuer (https; its discovery document must answer, else a field error on issuer), client id, client secret (stored encrypted; absent keeps the stored one), the button's label, the e-mail domains whose staff get an account with role user at their first sign-in, and passwordSignIn (false: only the owner, the first admin, may still sign in with a password). An empty issuer turns single sign-on off (audited)." })
    .input(updateSsoInput)
    .mutation(({ ctx, input }) => updateSso(ctx, input)),

  embed: adminProcedure
    .meta({ description: "The Integrations tab's Partner sites: the sites allowed to frame the booking widget (origins such as https://partner.example) and the address of the script partners paste." })
    .query(({ ctx }) => getEmbedSettings(ctx)),

  updateEmbed: adminProcedure
    .meta({ description: "Saves the partner sites allowed to frame the booking widget (/embed/booking/<eventId>, /embed/consultation): https origins (http only for localhost), normalised to scheme, host and port and kept once each, at most 50; none by default, and an empty list lets no site frame it. Every widget page's Content-Security-Policy frame-ancestors lists them (audited)." })
    .input(updateEmbedInput)
    .mutation(({ ctx, input }) => updateEmbed(ctx, input)),

  billing: adminProcedure
    .meta({ description: "The Billing tab: the firm's legal name (empty prints the site name), address, VAT number, bank account (holder, IBAN, BIC), the prefixes of invoice and credit note numbers (INV, CN) and the payment terms every invoice prints." })
    .query(({ ctx }) => getBillingSettings(ctx)),

  updateBilling: adminProcedure
    .meta({ description: 'Saves the Billing tab. The IBAN is checked (country, length for the country, mod-97 check digits), the BIC and the VAT number for their shape, the prefixes are 1 to 10 capitals or digits and differ; an empty prefix is the default. Invoices already issued keep the details they were issued with (audited).' })
    .input(billingSettingsInput)
    .mutation(({ ctx, input }) => updateBillingSettings(ctx, input)),

  sendWeeklyReport: staffProcedure
    .meta({ description: "Send me this report now: queues this week's report for the caller's own address through the outbox." })
    .mutation(({ ctx }) => sendWeeklyReportNow(ctx)),
});
