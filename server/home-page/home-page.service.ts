// The home page's content: read by every visitor (kept in the public-read cache) and replaced as a
// whole by an admin, which forgets what the cache keeps of it so the next visitor sees the change.
import type { DB } from '@db/database';
import type { ServiceDeps } from '@server/core/deps';
import { findHomeContent, saveHomeContent } from './home-page.repository';
import { type HomeContent, homeContentInput } from './home-page.schemas';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import type { ServiceContext } from '@server/core/service-context';
import { changePublicData } from '@server/core/public-changes';
import { type FieldDefaults, readStoredFields } from '@server/core/stored-json';

export const HOME_CONTENT_CACHE_KEY = 'value home-content';

/** What a damaged part of the stored content reads as where the page is whole without it: no testimonials, no founder photo or figures, no translations. */
const DAMAGE_STAND_INS: FieldDefaults<HomeContent> = { testimonials: [], founder: { photo: null, stats: [], translations: undefined } };

export interface HomeContentView extends HomeContent {
  updatedAt: string;
}

async function load(db: DB): Promise<HomeContentView> {
  const row = await findHomeContent(db);
  // The migration writes the row and nothing deletes it; its absence is a broken database.
  if (row === undefined) throw new Error('The home page content row is missing.');
  // Parsed with the same schema as an update, field by field: a damaged field that has a safe stand-in
  // reads as it (with a warning); one without (the hero, services, priorities, the founder's words)
  // fails loudly instead of half-rendering.
  return { ...parseHomeContent(row.content), updatedAt: row.updatedAt };
}

/** The stored content: see DAMAGE_STAND_INS for what a damaged part reads as; DamagedStoredValueError when it cannot be read. */
export function parseHomeContent(json: string): HomeContent {
  return readStoredFields('home page content', json, homeContentInput.shape, DAMAGE_STAND_INS);
}

export function getHomeContent(deps: ServiceDeps): Promise<HomeContentView> {
  return deps.publicReads.remember(HOME_CONTENT_CACHE_KEY, ['home-content'], () => load(deps.db), (content) => JSON.stringify(content).length);
}

export async function updateHomeContent(deps: ServiceContext, input: HomeContent): Promise<HomeContentView> {
  const actor = actorOf(deps);
  const updatedAt = new Date().toISOString();
  await changePublicData(deps, ['home-content'], async (trx) => {
    await saveHomeContent(trx, JSON.stringify(input), updatedAt);
    await recordAudit(trx, actor, { action: 'update', entity: 'home-page', entityId: null, summary: 'home page content' });
  });
  return getHomeContent(deps);
}
