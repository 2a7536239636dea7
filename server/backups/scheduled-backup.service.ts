// The automatic backup: daily at the Backup Time of the System settings, in the site's timezone,
// keeping the newest Backups to Keep. Run by the scheduler (services/email/scheduler.ts), claimed
// once per local day in the database so that several instances make one. On SQLite it copies the
// database through the server's own connection in steps between requests, and the uploads; on
// PostgreSQL the uploads only (the database is backed up with pg_dump). The outcome is kept for the
// System tab; a failure raises the system alert.
import path from 'node:path';
import { sqliteOf } from '@db/database';
import { getSystemSettings, saveBackupStatus } from '@server/settings/settings.repository';
import { utcToZonedParts } from '@server/shared/time';
import type { ServiceDeps } from '@server/core/deps';
import { lifecycleLog } from '@server/core/log';
import { pruneBackups, writeBackup } from './backups.service';
import { claimOnce } from '@server/scheduler/claims.repository';
import { type AlertContent, raiseSystemAlert } from '@server/monitoring/system-alerts.service';

export function backupFailedAlert(dataDir: string, reason: string): AlertContent {
  return {
    kind: 'backup-failed',
    texts: ({ t }) => ({
      title: t('alert.backup.title'),
      paragraphs: [t('alert.backup.text')],
      details: [
        [t('alert.detail.dataFolder'), dataDir],
        [t('alert.detail.reason'), reason],
      ],
      link: { label: t('alert.backup.link'), path: '/admin/settings?tab=system' },
    }),
  };
}

/** Runs today's backup when it is due and not yet made; answers 'written', 'failed' or 'not-due'. */
export async function runDueBackup(deps: ServiceDeps, now: Date): Promise<'written' | 'failed' | 'not-due'> {
  const system = await getSystemSettings(deps.db);
  if (system.backupSchedule !== 'daily') return 'not-due';
  const local = utcToZonedParts(now.toISOString(), system.timezone);
  if (local.time < system.backupTime) return 'not-due';
  if (!(await claimOnce(deps.db, `backup:${local.date}`, now.toISOString()))) return 'not-due';
  const dataDir = path.resolve(deps.config.dataDir);
  const started = Date.now();
  try {
    const result = await writeBackup({ sqlite: sqliteOf(deps.db) ?? null, copy: 'steps', dataDir, now });
    await pruneBackups(path.join(dataDir, 'backups'), system.backupKeep);
    await saveBackupStatus(deps.db, {
      at: now.toISOString(),
      ok: true,
      folder: result.folder,
      bytes: result.bytes,
      message: `Backup written to ${result.folder}`,
    });
    // One line a day, whatever LOG_LEVEL says: an operator checks that backups happen.
    lifecycleLog(deps.log).info(
      { folder: result.folder, bytes: result.bytes, durationMs: Date.now() - started },
      `Automatic backup written to ${result.folder} (${(result.bytes / 1_048_576).toFixed(1)} MB)`,
    );
    return 'written';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    lifecycleLog(deps.log).error({ err: error }, `Automatic backup failed: ${reason}`);
    await saveBackupStatus(deps.db, { at: now.toISOString(), ok: false, folder: null, bytes: 0, message: reason });
    await raiseSystemAlert(deps.db, deps.config.publicOrigin, backupFailedAlert(dataDir, reason), now);
    return 'failed';
  }
}
