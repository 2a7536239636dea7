// With several instances on one PostgreSQL database, a change on one must empty the public-read
// cache of every other at once, not only after the cache's time-to-live. `deps.publicReads
// .invalidate(tags)` stays the one entry point: here it also sends a NOTIFY naming the tags, and a
// notification from another instance empties this one's entries of those tags (the local part
// only, so nothing echoes). A notification without tags (sent after the listening connection came
// back, when news may have been missed) empties everything. On SQLite one process serves the site
// and nothing changes.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DB } from '@db/database';
import { listenToInstances, notifyInstances } from '@db/pg-notify';
import { isPostgres } from '@db/postgres';
import { PUBLIC_DATA_TAGS, type PublicDataTag, type PublicReadCache } from './public-read-cache';

const KNOWN_TAGS = new Set<string>(PUBLIC_DATA_TAGS);

/** `<instance id> <tag>,<tag>`: who sent it (its own come back to it too) and what changed. */
function parseNotice(payload: string): { sender: string; tags: PublicDataTag[] | null } {
  const [sender = '', list = ''] = payload.split(' ');
  const tags = list.split(',').filter((tag): tag is PublicDataTag => KNOWN_TAGS.has(tag));
  return { sender, tags: tags.length === 0 ? null : tags };
}

export async function shareCacheInvalidation(app: FastifyInstance, db: DB, cache: PublicReadCache): Promise<void> {
  if (!isPostgres(db)) return;
  const invalidateHere = cache.invalidate.bind(cache);
  const instanceId = randomUUID();
  // Other instances forget what they hear (a page they rebuild once is the price of a plain notice).
  cache.invalidate = (tags, options) => {
    invalidateHere(tags, options);
    void notifyInstances(db, 'public-reads', `${instanceId} ${tags.join(',')}`).catch((error: unknown) =>
      app.repeatedErrors.failed('cache invalidation to other instances', error),
    );
  };
  const stop = await listenToInstances(db, 'public-reads', (payload) => {
    const { sender, tags } = parseNotice(payload);
    if (sender === instanceId) return;
    if (tags === null) cache.invalidateAll();
    else invalidateHere(tags);
  });
  app.addHook('onClose', async () => {
    cache.invalidate = invalidateHere;
    await stop();
  });
}
