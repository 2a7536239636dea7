// The Settings screen's five groups: profile, security and notifications belong to the signed-in
// account (columns of users); system and e-mail are site-wide (the settings table). The SMTP
// password is write-only: no read ever returns it.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@server/shared/i18n/languages';
import type { z } from 'zod';
import type { DB } from '@db/database';
import type { Role, UserRow } from '@db/schema';
import {
  type BackupStatus,
  getBackupStatus,
  getEmailSettings,
  getSystemAndIdentity,
  getSystemSettings,
  saveEmailSettings,
  saveSystemSettings,
  type StoredEmailSettings,
} from './settings.repository';
import { findUserByEmail, findUserById, updateUserSettings } from '@server/identity/users.repository';
import { capSessionExpiry } from '@server/identity/session.repository';
import type {
  emailSettingsInput,
  notificationSettingsInput,
  profileSettingsInput,
  securitySettingsInput,
  SystemSettings,
} from './settings.schemas';
import type { SiteIdentity, StoredIdentity } from './site-identity.schemas';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import { changePassword, checkCurrentPassword, passwordChangerOf } from '@server/identity/auth.service';
import type { AccountContext, AuditContext, ServiceContext } from '@server/core/service-context';
import { enqueueEmailChangedNotice } from '@server/identity/account-notices';
import { escapeHtml, sendMail, testFailureReason, toMailSettings } from '@server/email/smtp';
import { SMTP_NOT_CONFIGURED_REASON } from '@server/email/enqueue.service';
import { markPendingBlocked } from '@server/email/outbox.repository';
import { EMAIL_TAKEN, USER_NOT_FOUND } from '@server/identity/users.service';
import { InvalidInputError, NotFoundError, UpstreamError, conflictOnField } from '@server/core/errors';
import { changePublicData } from '@server/core/public-changes';
import { getSiteIdentity } from './site-identity.service';

type ProfileInput = z.output<typeof profileSettingsInput>;
type SecurityInput = z.output<typeof securitySettingsInput>;
type NotificationsInput = z.output<typeof notificationSettingsInput>;
type EmailInput = z.output<typeof emailSettingsInput>;

export const SMTP_NOT_CONFIGURED = 'Please configure SMTP settings before testing';

export interface ProfileSettings {
  name: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
}

export interface SecuritySettings {
  twoFactorEnabled: boolean;
  sessionTimeout: number;
}

export interface NotificationSettings {
  emailNotifications: boolean;
  newBookings: boolean;
  newContacts: boolean;
  systemAlerts: boolean;
  weeklyReports: boolean;
  language: Language;
}

/** The e-mail group as reads show it: whether a password is stored, never the password. */
export interface EmailSettingsView {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpUser: string | null;
  smtpPasswordSet: boolean;
  fromEmail: string | null;
  fromName: string | null;
}

export type PublicSettings = Pick<SystemSettings, 'siteName' | 'siteDescription' | 'timezone' | 'maintenanceMode' | 'allowRegistrations'> & {
  /** Tagline, contact details, map, social links and footer text (Settings, Site). */
  identity: StoredIdentity;
};

export interface AllSettings {
  profile: ProfileSettings;
  security: SecuritySettings;
  notifications: NotificationSettings;
  system: SystemSettings;
  /** The firm's identity as the Site tab edits it (public anyway). */
  identity: SiteIdentity;
  /** Admins only; null for role user. */
  email: EmailSettingsView | null;
  /** How the last automatic backup went; admins only, null for role user or before the first one. */
  backup: BackupStatus | null;
}

function profileOf(row: UserRow): ProfileSettings {
  return { name: row.name, email: row.email, role: row.role, avatarUrl: row.avatarUrl };
}

function securityOf(row: UserRow): SecuritySettings {
  return { twoFactorEnabled: row.twoFactorEnabled === 1, sessionTimeout: row.sessionTimeoutMinutes };
}

function notificationsOf(row: UserRow): NotificationSettings {
  return {
    emailNotifications: row.notifyEmail === 1,
    newBookings: row.notifyNewBookings === 1,
    newContacts: row.notifyNewContacts === 1,
    systemAlerts: row.notifySystemAlerts === 1,
    weeklyReports: row.notifyWeeklyReports === 1,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
}

function emailViewOf(stored: StoredEmailSettings): EmailSettingsView {
  return {
    smtpHost: stored.smtpHost,
    smtpPort: stored.smtpPort,
    smtpUser: stored.smtpUser,
    smtpPasswordSet: stored.smtpPassword !== null && stored.smtpPassword !== '',
    fromEmail: stored.fromEmail,
    fromName: stored.fromName,
  };
}

async function requireUser(db: DB, userId: string): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (row === undefined) throw new NotFoundError(USER_NOT_FOUND);
  return row;
}

/** What the public site needs: name, description, timezone, the two access switches and the firm's identity. */
export async function getPublicSettings({ db }: Pick<ServiceContext, 'db'>): Promise<PublicSettings> {
  const { system, identity } = await getSystemAndIdentity(db);
  const { siteName, siteDescription, timezone, maintenanceMode, allowRegistrations } = system;
  return { siteName, siteDescription, timezone, maintenanceMode, allowRegistrations, identity };
}

export async function getAllSettings({ db, user }: Pick<AccountContext, 'db' | 'user'>): Promise<AllSettings> {
  const userId = user.id;
  const row = await requireUser(db, userId);
  return {
    profile: profileOf(row),
    security: securityOf(row),
    notifications: notificationsOf(row),
    system: await getSystemSettings(db),
    identity: await getSiteIdentity(db),
    email: row.role === 'admin' ? emailViewOf(await getEmailSettings(db)) : null,
    backup: row.role === 'admin' ? await getBackupStatus(db) : null,
  };
}

export const PASSWORD_FOR_NEW_EMAIL = 'Enter your current password to change your sign-in e-mail.';

/**
 * Name, e-mail and avatar of the caller's own account. The role is not part of it: see users.update.
 * A new sign-in e-mail needs the current password (a borrowed session cannot take the account over
 * by moving its address), and the address it replaces is told.
 */
export async function updateProfile(deps: AccountContext, input: ProfileInput): Promise<ProfileSettings> {
  const caller = passwordChangerOf(deps);
  const actor = actorOf(deps);
  const current = await requireUser(deps.db, caller.userId);
  const emailChanges = input.email !== current.email;
  if (emailChanges) {
    if ((input.currentPassword ?? '') === '') throw new InvalidInputError(PASSWORD_FOR_NEW_EMAIL, { currentPassword: [PASSWORD_FOR_NEW_EMAIL] });
    await checkCurrentPassword(deps, caller, input.currentPassword ?? '');
  }
  return deps.db.transaction().execute(async (trx) => {
    const before = profileOf(await requireUser(trx, caller.userId));
    const owner = await findUserByEmail(trx, input.email);
    if (owner !== undefined && owner.id !== caller.userId) throw conflictOnField('email', EMAIL_TAKEN);
    const row = await updateUserSettings(trx, caller.userId, { name: input.name, email: input.email, avatarUrl: input.avatarUrl });
    if (row === undefined) throw new NotFoundError(USER_NOT_FOUND);
    const after = profileOf(row);
    if (before.email !== after.email) {
      await enqueueEmailChangedNotice(trx, deps.config.publicOrigin, { name: after.name, oldEmail: before.email, newEmail: after.email });
    }
    await recordAudit(trx, actor, {
      action: 'settings',
      entity: 'user',
      entityId: caller.userId,
      summary: `profile: ${changedFields(before, after, { name: 'name', email: 'email', avatarUrl: 'avatar' })}`,
    });
    return after;
  });
}

/**
 * Session timeout and, when a new password is given, the password. The password goes first: a
 * wrong current password then leaves everything as it was. Two-factor is not set here: it follows
 * the enrolment (auth.twoFactor).
 */
export async function updateSecurity(deps: AccountContext, input: SecurityInput): Promise<SecuritySettings & { passwordChanged: boolean }> {
  const { db } = deps;
  const caller = passwordChangerOf(deps);
  const actor = actorOf(deps);
  const passwordChanged = input.newPassword !== '';
  if (passwordChanged) {
    // Recorded by changePassword in its own transaction ('password changed').
    await changePassword(deps, input);
  }
  const row = await db.transaction().execute(async (trx) => {
    const before = securityOf(await requireUser(trx, caller.userId));
    const updated = await updateUserSettings(trx, caller.userId, { sessionTimeoutMinutes: input.sessionTimeout });
    if (updated === undefined) throw new NotFoundError(USER_NOT_FOUND);
    // A shorter timeout applies at once to every open session of the account, idle ones too:
    // renewal happens only on a request, which would first accept the longer expiry.
    const cap = new Date(Date.now() + input.sessionTimeout * 60_000).toISOString();
    await capSessionExpiry(trx, caller.userId, cap);
    await recordAudit(trx, actor, {
      action: 'settings',
      entity: 'user',
      entityId: caller.userId,
      summary: `security: ${changedFields(before, securityOf(updated), { twoFactorEnabled: 'two-factor', sessionTimeout: 'session timeout' })}`,
    });
    return updated;
  });
  return { ...securityOf(row), passwordChanged };
}

export async function updateNotifications(ctx: Pick<AccountContext, 'db' | 'user' | 'ip'>, input: NotificationsInput): Promise<NotificationSettings> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const before = notificationsOf(await requireUser(trx, userId));
    const after = await saveNotifications(trx, userId, input);
    await recordAudit(trx, actor, {
      action: 'settings',
      entity: 'user',
      entityId: userId,
      summary: `notifications: ${changedFields(before, after, {
        emailNotifications: 'email notifications',
        newBookings: 'new bookings',
        newContacts: 'new contacts',
        systemAlerts: 'system alerts',
        weeklyReports: 'weekly reports',
        language: 'language',
      })}`,
    });
    return after;
  });
}

async function saveNotifications(db: DB, userId: string, input: NotificationsInput): Promise<NotificationSettings> {
  const row = await updateUserSettings(db, userId, {
    notifyEmail: input.emailNotifications ? 1 : 0,
    notifyNewBookings: input.newBookings ? 1 : 0,
    notifyNewContacts: input.newContacts ? 1 : 0,
    notifySystemAlerts: input.systemAlerts ? 1 : 0,
    notifyWeeklyReports: input.weeklyReports ? 1 : 0,
    language: input.language,
  });
  if (row === undefined) throw new NotFoundError(USER_NOT_FOUND);
  return notificationsOf(row);
}

export async function updateSystem(deps: ServiceContext, input: SystemSettings): Promise<SystemSettings> {
  const actor = actorOf(deps);
  // The site name, timezone and switches are in every public page.
  return changePublicData(deps, ['settings'], async (trx) => {
    const before = await getSystemSettings(trx);
    await saveSystemSettings(trx, input);
    const after = await getSystemSettings(trx);
    const labels = Object.fromEntries(Object.keys(after).map((key) => [key, key])) as Record<keyof SystemSettings, string>;
    await recordAudit(trx, actor, { action: 'settings', entity: 'settings', entityId: 'system', summary: `system: ${changedFields(before, after, labels)}` });
    return after;
  });
}

export const SMTP_PASSWORD_AGAIN = 'Enter the SMTP password again: the server or user changed.';

/**
 * The stored settings with the form's values; an absent password keeps the stored one, but only
 * for the server and user it was saved for. A save or a test naming another host, port or user
 * must carry the password again, so a signed-in session cannot send the stored password elsewhere.
 */
function mergeEmailSettings(stored: StoredEmailSettings, input: EmailInput): StoredEmailSettings {
  const host = (input.smtpHost ?? '').trim().toLowerCase();
  const sameServer =
    host === (stored.smtpHost ?? '').trim().toLowerCase() &&
    (input.smtpPort ?? null) === stored.smtpPort &&
    (input.smtpUser ?? '') === (stored.smtpUser ?? '');
  // Without a host nothing is sent anywhere (the settings are being cleared, or are incomplete).
  if (input.smtpPassword === undefined && stored.smtpPassword !== null && host !== '' && !sameServer) {
    throw new InvalidInputError(SMTP_PASSWORD_AGAIN, { smtpPassword: [SMTP_PASSWORD_AGAIN] });
  }
  const password = input.smtpPassword === undefined ? stored.smtpPassword : input.smtpPassword;
  return {
    smtpHost: input.smtpHost,
    smtpPort: input.smtpPort,
    smtpUser: input.smtpUser,
    smtpPassword: password === '' ? null : password,
    fromEmail: input.fromEmail,
    fromName: input.fromName,
  };
}

export async function updateEmail(ctx: AuditContext, input: EmailInput): Promise<EmailSettingsView> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  const merged = await db.transaction().execute(async (trx) => {
    const stored = await getEmailSettings(trx);
    const next = mergeEmailSettings(stored, input);
    await saveEmailSettings(trx, next);
    // Nothing can be sent now: the waiting messages say why (once here, not at every sender pass).
    if (toMailSettings(next) === null) await markPendingBlocked(trx, SMTP_NOT_CONFIGURED_REASON, new Date().toISOString());
    // Field names only: the password's value never reaches the log.
    const summary = changedFields(stored, next, {
      smtpHost: 'SMTP host',
      smtpPort: 'SMTP port',
      smtpUser: 'SMTP user',
      smtpPassword: 'SMTP password',
      fromEmail: 'from email',
      fromName: 'from name',
    });
    await recordAudit(trx, actor, { action: 'settings', entity: 'settings', entityId: 'email', summary: `email: ${summary}` });
    return next;
  });
  return emailViewOf(merged);
}

/**
 * Sends one message with the settings as they are on screen (not necessarily saved) to the
 * signed-in admin, and records the attempt in the audit log whatever its outcome. A refusal or an
 * unreachable server is BAD_GATEWAY with a reason that says what failed (testFailureReason), never
 * the raw network error: the test can name any host and port, and must not serve to probe them.
 */
export async function sendTestEmail(deps: Pick<AccountContext, 'db' | 'user' | 'ip'>, input: EmailInput): Promise<{ sent: true; to: string }> {
  const to = deps.user.email;
  const actor = actorOf(deps);
  // The schema already requires a port and a from address whenever a host is given.
  const settings = toMailSettings(mergeEmailSettings(await getEmailSettings(deps.db), input));
  if (settings === null) throw new InvalidInputError(SMTP_NOT_CONFIGURED);
  const { siteName } = await getSystemSettings(deps.db);
  const server = `${settings.smtpHost}:${settings.smtpPort}`;
  const message = {
    to,
    subject: `Test email from ${siteName}`,
    text: `This is a test email from ${siteName}.\n\nYour SMTP settings work: this message was sent through ${server}.`,
    html:
      `<p>This is a test email from <strong>${escapeHtml(siteName)}</strong>.</p>` +
      `<p>Your SMTP settings work: this message was sent through ${escapeHtml(server)}.</p>`,
  };
  const audit = (outcome: string) =>
    recordAudit(deps.db, actor, { action: 'test-email', entity: 'settings', entityId: 'email', summary: `test e-mail to ${to} through ${server}: ${outcome}` });
  try {
    await sendMail(settings, message);
  } catch (error) {
    const reason = testFailureReason(error);
    await audit(`failed (${reason})`);
    throw new UpstreamError(`Failed to send test email: ${reason}`, null, { cause: error });
  }
  await audit('sent');
  return { sent: true, to };
}
