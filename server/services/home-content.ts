// The home page's content: read by every visitor (kept in the public-read cache) and replaced as a
// whole by an admin, which empties that cache so the next visitor sees the change.
import type { DB } from '@db/database';
import type { PublicReadCache } from '../http/public-read-cache';
import { findHomeContent, saveHomeContent } from '../repositories/home-content';
import { type HomeContent, homeContentInput } from '../schemas/home-page';
import { type AuditActor, recordAudit } from './audit';

export const HOME_CONTENT_CACHE_KEY = 'homePage.get';

export interface HomeContentView extends HomeContent {
  updatedAt: string;
}

async function load(db: DB): Promise<HomeContentView> {
  const row = await findHomeContent(db);
  // The migration writes the row and nothing deletes it; its absence is a broken database.
  if (row === undefined) throw new Error('The home page content row is missing.');
  // Parsed with the same schema as an update, so a hand-edited row fails loudly instead of half-rendering.
  const content = homeContentInput.parse(JSON.parse(row.content));
  return { ...content, updatedAt: row.updatedAt };
}

export function getHomeContent(db: DB, cache: PublicReadCache): Promise<HomeContentView> {
  return cache.remember(HOME_CONTENT_CACHE_KEY, () => load(db));
}

export async function updateHomeContent(
  db: DB,
  cache: PublicReadCache,
  input: HomeContent,
  actor: AuditActor,
): Promise<HomeContentView> {
  const updatedAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await saveHomeContent(trx, JSON.stringify(input), updatedAt);
    await recordAudit(trx, actor, { action: 'update', entity: 'home-page', entityId: null, summary: 'home page content' });
  });
  // The HTTP layer empties the cache after any write too; this covers callers that are not HTTP.
  cache.invalidate();
  return getHomeContent(db, cache);
}
