// With several instances on one PostgreSQL database, a write on one must empty the public-read cache
// of every other at once, not only after the cache's time-to-live. `deps.publicReads.invalidate()`
// stays the one entry point: here it also sends a NOTIFY, and a notification from another instance
// empties this one's cache (the local part only, so nothing echoes). On SQLite one process serves
// the site and nothing changes.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DB } from '@db/database';
import { listenToInstances, notifyInstances } from '@db/pg-notify';
import { isPostgres } from '@db/postgres';
import type { PublicReadCache } from './public-read-cache';

export async function shareCacheInvalidation(app: FastifyInstance, db: DB, cache: PublicReadCache): Promise<void> {
  if (!isPostgres(db)) return;
  const invalidateHere = cache.invalidate.bind(cache);
  // This instance's own notifications come back to it too; they carry its id and are skipped.
  const instanceId = randomUUID();
  cache.invalidate = () => {
    invalidateHere();
    void notifyInstances(db, 'public-reads', instanceId).catch((error: unknown) =>
      app.log.error({ err: error }, 'cache invalidation not sent'),
    );
  };
  const stop = await listenToInstances(db, 'public-reads', (sender) => {
    if (sender !== instanceId) invalidateHere();
  });
  app.addHook('onClose', async () => {
    cache.invalidate = invalidateHere;
    await stop();
  });
}
