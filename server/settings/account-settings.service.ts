// The signed-in account's own groups of the Settings screen: profile, security and notifications
// (columns of users). The role is not among them: see users.update.
import type { z } from 'zod';
import type { DB } from '@db/database';
import type { Role, UserRow } from '@db/schema';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@server/shared/i18n/languages';
import type { AccountContext } from '@server/core/service-context';
import { NotFoundError, conflictOnField, invalidField } from '@server/core/errors';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import { findUserByEmail, findUserById, updateUserSettings } from '@server/identity/users.repository';
import { capSessionExpiry } from '@server/identity/session.service';
import { changePassword, checkCurrentPassword, passwordChangerOf } from '@server/identity/auth.service';
import { enqueueEmailChangedNotice } from '@server/identity/account-notices';
import type { notificationSettingsInput, profileSettingsInput, securitySettingsInput } from './settings.schemas';

type ProfileInput = z.output<typeof profileSettingsInput>;
type SecurityInput = z.output<typeof securitySettingsInput>;
type NotificationsInput = z.output<typeof notificationSettingsInput>;

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

export async function requireUser(db: DB, userId: string): Promise<UserRow> {
  const row = await findUserById(db, userId);
  if (row === undefined) throw new NotFoundError('api.auth.accountNotFound');
  return row;
}

export function profileOf(row: UserRow): ProfileSettings {
  return { name: row.name, email: row.email, role: row.role, avatarUrl: row.avatarUrl };
}

export function securityOf(row: UserRow): SecuritySettings {
  return { twoFactorEnabled: row.twoFactorEnabled === 1, sessionTimeout: row.sessionTimeoutMinutes };
}

export function notificationsOf(row: UserRow): NotificationSettings {
  return {
    emailNotifications: row.notifyEmail === 1,
    newBookings: row.notifyNewBookings === 1,
    newContacts: row.notifyNewContacts === 1,
    systemAlerts: row.notifySystemAlerts === 1,
    weeklyReports: row.notifyWeeklyReports === 1,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
}

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
    if ((input.currentPassword ?? '') === '') throw invalidField('currentPassword', 'api.settings.passwordForNewEmail');
    await checkCurrentPassword(deps, caller, input.currentPassword ?? '');
  }
  return deps.db.transaction().execute(async (trx) => {
    const before = profileOf(await requireUser(trx, caller.userId));
    const owner = await findUserByEmail(trx, input.email);
    if (owner !== undefined && owner.id !== caller.userId) throw conflictOnField('email', 'api.users.emailTaken');
    const row = await updateUserSettings(trx, caller.userId, { name: input.name, email: input.email, avatarUrl: input.avatarUrl });
    if (row === undefined) throw new NotFoundError('api.auth.accountNotFound');
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
    if (updated === undefined) throw new NotFoundError('api.auth.accountNotFound');
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
  if (row === undefined) throw new NotFoundError('api.auth.accountNotFound');
  return notificationsOf(row);
}
