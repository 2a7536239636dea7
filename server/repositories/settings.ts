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
} from '../schemas/settings';

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  siteName: 'Global Reach Advisory',
  siteDescription:
    'Boutique international-expansion consultancy: market entry, business matchmaking, trade missions and cultural intelligence.',
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
  db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['system', 'email']),
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

/** Both groups in one read: every message written into the outbox needs the site's name and its sender. */
export async function getSystemAndEmailSettings(db: DB): Promise<{ system: SystemSettings; email: StoredEmailSettings }> {
  const rows = await systemAndEmailQuery.all(db, {});
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;
  return { system: parseGroup(valueOf('system'), DEFAULT_SYSTEM_SETTINGS), email: parseGroup(valueOf('email'), DEFAULT_EMAIL_SETTINGS) };
}

export function saveEmailSettings(db: DB, settings: StoredEmailSettings): Promise<void> {
  return writeGroup(db, 'email', settings);
}

/** How the last automatic backup went (server/services/scheduled-backup.ts); shown on the System tab. */
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

