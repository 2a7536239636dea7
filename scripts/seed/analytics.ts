// Demo traffic for the Analytics screen: 60 days of daily aggregates (the only thing the site keeps
// of visits) for the home page, each demo event's page and booking steps, the consultation steps
// and the contact page, from search, LinkedIn (with a campaign), e-mail and direct visits. Made up
// but consistent: each step has fewer visitors than the one before. Written only when the site has
// counted nothing yet, so a real site's figures are never mixed with these.
import type { Insertable } from 'kysely';
import type { DB } from '@db/database';
import type { AnalyticsDailyTable } from '@db/schema';

const DAY_MS = 86_400_000;
const DAYS = 60;

/** A small deterministic generator: the same demo figures on every machine. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const SOURCES = [
  { source: 'search', utmSource: '', utmMedium: '', utmCampaign: '', weight: 1 },
  { source: 'linkedin', utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'accra-mission', weight: 0.7 },
  { source: 'email', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'november', weight: 0.4 },
  { source: 'direct', utmSource: '', utmMedium: '', utmCampaign: '', weight: 0.8 },
];

const EVENT_STEPS = ['event-viewed', 'booking-started', 'slot-chosen', 'details-entered'] as const;
const CONSULTATION_STEPS = ['type-chosen', 'time-chosen'] as const;

export async function seedAnalytics(db: DB, eventIds: string[], today: number): Promise<boolean> {
  const counted = await db.selectFrom('analyticsDaily').select('day').limit(1).executeTakeFirst();
  if (counted !== undefined) return false;
  const random = generator(42);
  const rows: Insertable<AnalyticsDailyTable>[] = [];
  for (let back = DAYS - 1; back >= 0; back -= 1) {
    const day = new Date(today - back * DAY_MS).toISOString().slice(0, 10);
    // A little growth over the two months, and quieter weekends.
    const weekday = new Date(today - back * DAY_MS).getUTCDay();
    const scale = (0.6 + (0.4 * (DAYS - back)) / DAYS) * (weekday === 0 || weekday === 6 ? 0.5 : 1);
    for (const [index, origin] of SOURCES.entries()) {
      const device = index % 2 === 0 ? 'desktop' : 'mobile';
      const language = index === 3 ? 'fr' : 'en';
      const base = { day, source: origin.source, utmSource: origin.utmSource, utmMedium: origin.utmMedium, utmCampaign: origin.utmCampaign, language, device };
      const visitors = (mean: number) => Math.max(0, Math.round(mean * origin.weight * scale * (0.7 + 0.6 * random())));
      const home = visitors(18);
      if (home > 0) rows.push({ ...base, path: '/', step: 'pageview', eventId: '', hits: home + Math.round(home / 3), visitors: home, entries: home });
      const contact = visitors(3);
      if (contact > 0) rows.push({ ...base, path: '/contact', step: 'pageview', eventId: '', hits: contact, visitors: contact, entries: 0 });
      for (const eventId of eventIds) {
        let reached = visitors(6);
        const path = `/events/${eventId}`;
        if (reached > 0) rows.push({ ...base, path, step: 'pageview', eventId: '', hits: reached + 1, visitors: reached, entries: Math.round(reached / 2) });
        for (const step of EVENT_STEPS) {
          if (reached === 0) break;
          rows.push({ ...base, path: step === 'event-viewed' ? path : `/booking/${eventId}`, step, eventId, hits: reached, visitors: reached, entries: 0 });
          reached = Math.floor(reached * (0.55 + 0.3 * random()));
        }
      }
      let consulting = visitors(4);
      for (const step of CONSULTATION_STEPS) {
        if (consulting === 0) break;
        rows.push({ ...base, path: '/consultation', step, eventId: '', hits: consulting, visitors: consulting, entries: step === 'type-chosen' ? Math.round(consulting / 3) : 0 });
        consulting = Math.floor(consulting * (0.5 + 0.3 * random()));
      }
    }
  }
  // In chunks: SQLite takes at most 32,766 values in one statement.
  for (let start = 0; start < rows.length; start += 500) await db.insertInto('analyticsDaily').values(rows.slice(start, start + 500)).execute();
  // The screen counts the bookings a counted visit made: credit the demo bookings to the sources in turn.
  const bookings = await db.selectFrom('bookings').select('id').where('id', 'like', 'seed-booking-%').where('visitSource', 'is', null).orderBy('id').execute();
  for (const [index, booking] of bookings.entries()) {
    const origin = SOURCES[index % SOURCES.length];
    if (origin === undefined) continue;
    await db
      .updateTable('bookings')
      .set({ visitSource: origin.source, visitUtmSource: origin.utmSource || null, visitUtmMedium: origin.utmMedium || null, visitUtmCampaign: origin.utmCampaign || null })
      .where('id', '=', booking.id)
      .execute();
  }
  return true;
}
