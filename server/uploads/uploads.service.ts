// What an upload means to the rest of the site: how large the Maximum File Upload Size setting lets
// a file of each kind be, and the audit row of a file received. Receiving the bytes (the multipart
// stream, the type check, the temporary file) is uploads.route.ts's.
import type { AuditContext, ServiceContext } from '@server/core/service-context';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { getSystemSettings } from '@server/settings/settings.service';

/** The largest file in MB for a kind whose own ceiling is `kindMaxMb`: the setting only lowers it. */
export async function uploadLimitMb(ctx: Pick<ServiceContext, 'db'>, input: { kindMaxMb: number }): Promise<number> {
  const { maxFileSize } = await getSystemSettings(ctx);
  return Math.min(input.kindMaxMb, maxFileSize);
}

/** The file stored under `name`, on record with who sent it and its size. */
export async function recordUpload(ctx: AuditContext, input: { kind: string; name: string; bytes: number }): Promise<void> {
  await recordAudit(ctx.db, actorOf(ctx), {
    action: 'create',
    entity: 'upload',
    entityId: input.name,
    summary: `${input.kind}, ${Math.max(1, Math.round(input.bytes / 1024))} kB`,
  });
}
