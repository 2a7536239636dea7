// Site-wide settings groups (system, email, identity), each stored as one JSON row and read field
// by field with its schema (server/core/stored-json.ts): a group saved by an older version still
// reads complete, and a damaged field reads as its default, with a warning naming it.
import { z } from 'zod';
import type { DB } from '@db/database';
import { readStoredFields, readStoredValue } from '@server/core/stored-json';
import { type Params, preparedQuery } from '@db/prepared';
import {
  DEFAULT_SMTP_PORT,
  MAX_FILE_SIZE_RANGE,
  BACKUP_KEEP_RANGE,
  EMAIL_GIVE_UP_HOURS_RANGE,
  OUTBOX_RETENTION_DAYS_RANGE,
  PAYMENT_DEADLINE_DAYS_RANGE,
  REMINDER_HOURS_RANGE,
  type SystemSettings,
  systemSettingsFields,
} from './settings.schemas';
import { EMPTY_IDENTITY, siteIdentityInput, type StoredIdentity } from './site-identity.schemas';

/** What a fresh install shows until an admin names the site (Settings, Site). */
export const DEFAULT_SITE_NAME = 'Our Firm';

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  siteName: DEFAULT_SITE_NAME,
  siteDescription: null,
  timezone: 'UTC',
  maintenanceMode: false,
  allowRegistrations: true,
  maxFileSize: MAX_FILE_SIZE_RANGE.default,
  reminderHours: REMINDER_HOURS_RANGE.default,
  outboxRetentionDays: OUTBOX_RETENTION_DAYS_RANGE.default,
  emailGiveUpHours: EMAIL_GIVE_UP_HOURS_RANGE.default,
  backupSchedule: 'off',
  backupTime: '03:00',
  backupKeep: BACKUP_KEEP_RANGE.default,
  meetingBaseUrl: null,
  currency: 'EUR',
  pricesIncludeTax: false,
  paymentDeadlineDays: PAYMENT_DEADLINE_DAYS_RANGE.default,
};

/** The e-mail group as stored: the form's values, the password kept (never read back to a browser). */
const storedEmailFields = {
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int().min(1).max(65535).nullable(),
  smtpUser: z.string().nullable(),
  smtpPassword: z.string().nullable(),
  fromEmail: z.string().nullable(),
  fromName: z.string().nullable(),
};
export type StoredEmailSettings = z.output<z.ZodObject<typeof storedEmailFields>>;

export const DEFAULT_EMAIL_SETTINGS: StoredEmailSettings = {
  smtpHost: null,
  smtpPort: DEFAULT_SMTP_PORT,
  smtpUser: null,
  smtpPassword: null,
  fromEmail: null,
  fromName: null,
};

/** A fresh install has no contact details: the public pages show no contact block until they exist. */
export const DEFAULT_IDENTITY: StoredIdentity = EMPTY_IDENTITY;

// What the identity group stores: the Site tab's fields but the name and description (the System group's).
const { siteName: _siteName, siteDescription: _siteDescription, ...storedIdentityFields } = siteIdentityInput.shape;

const parseSystem = (value: string | undefined): SystemSettings =>
  readStoredFields('settings group "system"', value, systemSettingsFields, DEFAULT_SYSTEM_SETTINGS);
const parseEmail = (value: string | undefined): StoredEmailSettings =>
  readStoredFields('settings group "email"', value, storedEmailFields, DEFAULT_EMAIL_SETTINGS);
const parseIdentity = (value: string | undefined): StoredIdentity =>
  readStoredFields('settings group "identity"', value, storedIdentityFields, DEFAULT_IDENTITY);

// Read by every public submission and every message written: prepared once (db/prepared.ts).
const groupQuery = preparedQuery((db, args: Params<{ key: string }>) => db.selectFrom('settings').select('value').where('key', '=', args.key));
const systemAndEmailQuery = preparedQuery((db) =>
  db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['system', 'email', 'identity']),
);
const systemAndIdentityQuery = preparedQuery((db) =>
  db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['system', 'identity']),
);

async function readGroup(db: DB, key: string): Promise<string | undefined> {
  return (await groupQuery.first(db, { key }))?.value;
}

async function writeGroup(db: DB, key: string, value: object): Promise<void> {
  const json = JSON.stringify(value);
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ key, value: json, updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json, updatedAt }))
    .execute();
}

export async function getSystemSettings(db: DB): Promise<SystemSettings> {
  return parseSystem(await readGroup(db, 'system'));
}

export function saveSystemSettings(db: DB, settings: SystemSettings): Promise<void> {
  return writeGroup(db, 'system', settings);
}

export async function getEmailSettings(db: DB): Promise<StoredEmailSettings> {
  return parseEmail(await readGroup(db, 'email'));
}

/**
 * The three groups in one read: every message written into the outbox needs the site's name, its
 * sender and the contact details it signs with.
 */
export async function getSystemAndEmailSettings(
  db: DB,
): Promise<{ system: SystemSettings; email: StoredEmailSettings; identity: StoredIdentity }> {
  const rows = await systemAndEmailQuery.all(db, {});
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    system: parseSystem(valueOf('system')),
    email: parseEmail(valueOf('email')),
    identity: parseIdentity(valueOf('identity')),
  };
}

/** The System group with the identity group in one read: what every public page shows. */
export async function getSystemAndIdentity(db: DB): Promise<{ system: SystemSettings; identity: StoredIdentity }> {
  const rows = await systemAndIdentityQuery.all(db, {});
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;
  return { system: parseSystem(valueOf('system')), identity: parseIdentity(valueOf('identity')) };
}

export function saveIdentity(db: DB, identity: StoredIdentity): Promise<void> {
  return writeGroup(db, 'identity', identity);
}

export function saveEmailSettings(db: DB, settings: StoredEmailSettings): Promise<void> {
  return writeGroup(db, 'email', settings);
}

/** How the last automatic backup went (server/backups/scheduled-backup.service.ts); shown on the System tab. */
const backupStatusSchema = z.object({
  /** When it ran (UTC ISO). */
  at: z.string(),
  ok: z.boolean(),
  /** The backup's folder when it worked. */
  folder: z.string().nullable(),
  bytes: z.number(),
  /** 'Backup written to ...' or why it failed. */
  message: z.string(),
});
export type BackupStatus = z.output<typeof backupStatusSchema>;

/** The last automatic backup's outcome; none when none ran, or when what is stored is damaged (said in the log). */
export async function getBackupStatus(db: DB): Promise<BackupStatus | null> {
  const value = await readGroup(db, 'backup-status');
  return value === undefined ? null : readStoredValue('settings group "backup-status"', value, backupStatusSchema, null);
}

export function saveBackupStatus(db: DB, status: BackupStatus): Promise<void> {
  return writeGroup(db, 'backup-status', status);
}

