// Paid workshops (issue 36), first step: a session may have a price per seat, in minor units of its
// currency (never a float), with its tax rate in hundredths of a percent (19% is 1900, 5.5% is 550).
// All three are null for a free session, which stays exactly as it was. The columns are integer
// and text on both dialects, so one form serves both. Frozen.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('event_sessions').addColumn('price_amount_minor', 'integer', (c) => c.check(sql`price_amount_minor > 0`)).execute();
  await db.schema.alterTable('event_sessions').addColumn('price_currency', 'text', (c) => c.check(sql`length(price_currency) = 3`)).execute();
  await db.schema
    .alterTable('event_sessions')
    .addColumn('tax_rate_basis_points', 'integer', (c) => c.check(sql`tax_rate_basis_points between 0 and 10000`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('event_sessions').dropColumn('tax_rate_basis_points').execute();
  await db.schema.alterTable('event_sessions').dropColumn('price_currency').execute();
  await db.schema.alterTable('event_sessions').dropColumn('price_amount_minor').execute();
}
