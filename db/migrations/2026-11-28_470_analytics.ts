// Cookie-free visitor analytics (issue 38). Frozen once merged.
// - analytics_daily: the only lasting record, one row per day and combination of page, step, event,
//   source, campaign, language and device class, with the number of hits, of distinct visitors (of
//   that page or step) and of visits that began there.
//   Instances add their sums to a row (an upsert that adds), so several instances' counts add up.
// - analytics_salts: the day's secret salt of the visitor hash, shared by the instances and deleted
//   once the day is over, so a hash can no longer be recomputed nor linked to the next day's.
// - analytics_visitors: the visitor hashes seen today (per step reached), so a visitor is counted
//   once a day across instances; deleted with the day's salt. No address is ever stored.
// - bookings and consultations remember where their visit came from, so "booked" counts stored rows.
import type { Kysely } from 'kysely';

const ATTRIBUTION_TABLES = ['bookings', 'consultations'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text', (c) => c.notNull())
    .addColumn('utm_medium', 'text', (c) => c.notNull())
    .addColumn('utm_campaign', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    // Visits that began here: a visitor's first page view of the day (site-wide visitors, sources).
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_pk', [
      'day',
      'path',
      'step',
      'event_id',
      'source',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'language',
      'device',
    ])
    .execute();
  // The funnel reads one event's steps over a range.
  await db.schema.createIndex('analytics_daily_event_idx').on('analytics_daily').columns(['event_id', 'step', 'day']).execute();

  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visitors_pk', ['day', 'hash'])
    .execute();

  for (const table of ATTRIBUTION_TABLES) {
    await db.schema.alterTable(table).addColumn('visit_source', 'text').execute();
    await db.schema.alterTable(table).addColumn('visit_utm_source', 'text').execute();
    await db.schema.alterTable(table).addColumn('visit_utm_medium', 'text').execute();
    await db.schema.alterTable(table).addColumn('visit_utm_campaign', 'text').execute();
  }
  // "Booked" reads consultations by creation time (bookings have bookings_created_idx).
  await db.schema.createIndex('consultations_created_idx').on('consultations').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('consultations_created_idx').execute();
  for (const table of ATTRIBUTION_TABLES) {
    for (const column of ['visit_source', 'visit_utm_source', 'visit_utm_medium', 'visit_utm_campaign']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await db.schema.dropTable('analytics_visitors').execute();
  await db.schema.dropTable('analytics_salts').execute();
  await db.schema.dropTable('analytics_daily').execute();
}
