// Changes to what visitors see. Public reads are kept in memory (server/http/public-read-cache.ts)
// with the kinds of data they show; a change names the kinds it touches, and once its transaction
// has committed the cache forgets those entries, here and on every other instance. A change that
// fails (rolled back) forgets nothing, and nothing else empties the cache.
import type { Transaction } from 'kysely';
import type { Database } from '@db/schema';
import type { ServiceDeps } from './deps';
import type { PublicDataTag } from '@server/http/public-read-cache';

export type { PublicDataTag } from '@server/http/public-read-cache';

/** Runs `body` in one transaction; after it commits, the cache forgets what shows `tags`. */
export async function changePublicData<T>(
  deps: ServiceDeps,
  tags: readonly PublicDataTag[],
  body: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute(body);
  deps.publicReads.invalidate(tags);
  return result;
}
