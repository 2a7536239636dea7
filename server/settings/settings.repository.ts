// Site-wide settings groups (system, email), each stored as one JSON row and read with defaults,
// so a group saved by an older version still reads complete.
import type { DB } from '@db/database';
import { type Params, preparedQuery } from '@db/prepared';
import {
  DEFAULT_SMTP_PORT,
  MAX_FILE_SIZE_RANGE,
  BACKUP_KEEP_RANGE,
  EMAIL_GIVE_UP_HOURS_RANGE,
  OUTBOX_RETENTION_DAYS_RANGE,
  REMINDER_HOURS_RANGE,
  type SystemSettings,
} from './settings.schemas';
import { EMPTY_IDENTITY, type StoredIdentity } from './site-identity.schemas';

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
};

export interface StoredEmailSettings {
  smtpHost: string | null;
  smtpPort: number | null;
  smtpUser: string | null;
  smtpPassword: string | null;
  fromEmail: string | null;
  fromName: string | null;
}

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

function parseGroup<T extends object>(value: string | undefined, defaults: T): T {
  if (value === undefined) return { ...defaults };
  try {
    const stored = JSON.parse(value) as Partial<T>;
    return { ...defaults, ...stored };
  } catch {
    return { ...defaults };
  }
}

// Read by every public submission and every message written: prepared once (db/prepared.ts).
const groupQuery = preparedQuery((db, args: Params<{ key: string }>) => db.selectFrom('settings').select('value').where('key', '=', args.key));
const systemAndEmailQuery = preparedQuery((db) =>
  db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['system', 'email', 'identity']),
);
const systemAndIdentityQuery = preparedQuery((db) =>
  db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['system', 'identity']),
);

async function readGroup<T extends object>(db: DB, key: string, defaults: T): Promise<T> {
  const row = await groupQuery.first(db, { key });
  return parseGroup(row?.value, defaults);
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

export function getSystemSettings(db: DB): Promise<SystemSettings> {
  return readGroup(db, 'system', DEFAULT_SYSTEM_SETTINGS);
}

export function saveSystemSettings(db: DB, settings: SystemSettings): Promise<void> {
  return writeGroup(db, 'system', settings);
}

export function getEmailSettings(db: DB): Promise<StoredEmailSettings> {
  return readGroup(db, 'email', DEFAULT_EMAIL_SETTINGS);
}

function parseIdentity(value: string | undefined): StoredIdentity {
  const identity = parseGroup(value, DEFAULT_IDENTITY);
  return { ...identity, social: { ...DEFAULT_IDENTITY.social, ...identity.social } };
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
    system: parseGroup(valueOf('system'), DEFAULT_SYSTEM_SETTINGS),
    email: parseGroup(valueOf('email'), DEFAULT_EMAIL_SETTINGS),
    identity: parseIdentity(valueOf('identity')),
  };
}

/** The System group with the identity group in one read: what every public page shows. */
export async function getSystemAndIdentity(db: DB): Promise<{ system: SystemSettings; identity: StoredIdentity }> {
  const rows = await systemAndIdentityQuery.all(db, {});
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;
  return { system: parseGroup(valueOf('system'), DEFAULT_SYSTEM_SETTINGS), identity: parseIdentity(valueOf('identity')) };
}

export function saveIdentity(db: DB, identity: StoredIdentity): Promise<void> {
  return writeGroup(db, 'identity', identity);
}

export function saveEmailSettings(db: DB, settings: StoredEmailSettings): Promise<void> {
  return writeGroup(db, 'email', settings);
}

/** How the last automatic backup went (server/backups/scheduled-backup.service.ts); shown on the System tab. */
export interface BackupStatus {
  /** When it ran (UTC ISO). */
  at: string;
  ok: boolean;
  /** The backup's folder when it worked. */
  folder: string | null;
  bytes: number;
  /** 'Backup written to ...' or why it failed. */
  message: string;
}

export async function getBackupStatus(db: DB): Promise<BackupStatus | null> {
  const row = await groupQuery.first(db, { key: 'backup-status' });
  return row === undefined ? null : (JSON.parse(row.value) as BackupStatus);
}

export function saveBackupStatus(db: DB, status: BackupStatus): Promise<void> {
  return writeGroup(db, 'backup-status', status);
}

