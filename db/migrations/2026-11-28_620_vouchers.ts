// Vouchers (issue 36): admins make codes that take a percentage or a fixed amount off a paid seat,
// valid between two days, for every paid session or for chosen events, with an optional number of
// uses. `used_count` is the one row a booking updates, conditionally (`where used_count <
// max_uses`), in the booking's own transaction: racing bookings never use a voucher past its limit.
// A booking keeps what it was given (the voucher, its code as typed at the time and the discount in
// minor units) beside its frozen charge. Both dialects share this builder; the PostgreSQL form
// (name.postgres.ts) passes its native time and day types. Frozen.
import { type Kysely, sql } from 'kysely';

export async function createVoucherTables(db: Kysely<any>, types: { time: 'text' | 'timestamptz(3)'; day: 'text' | 'date'; now: ReturnType<typeof sql> }): Promise<void> {
  await db.schema
    .createTable('vouchers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // As the admin typed it; `code_key` (upper case) makes it unique regardless of case.
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('code_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'amount')`))
    // Percent vouchers: hundredths of a percent (10% is 1000), as tax rates are kept.
    .addColumn('percent_basis_points', 'integer', (c) => c.check(sql`percent_basis_points between 1 and 10000`))
    // Amount vouchers: minor units of `currency`.
    .addColumn('amount_minor', 'integer', (c) => c.check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.check(sql`length(currency) = 3`))
    // Days (YYYY-MM-DD) in the site's time zone, both included; null: no limit on that side.
    .addColumn('valid_from', types.day)
    .addColumn('valid_until', types.day)
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses > 0`))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used_count >= 0`))
    // 'all': every paid session; 'events': only those of voucher_events.
    .addColumn('applies_to', 'text', (c) => c.notNull().check(sql`applies_to in ('all', 'events')`))
    .addColumn('created_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .addColumn('updated_at', types.time, (c) => c.notNull().defaultTo(types.now))
    .addCheckConstraint('vouchers_kind_value', sql`(kind = 'percent' and percent_basis_points is not null and amount_minor is null) or (kind = 'amount' and amount_minor is not null and currency is not null and percent_basis_points is null)`)
    .addCheckConstraint('vouchers_uses_within_limit', sql`max_uses is null or used_count <= max_uses`)
    .execute();
  await db.schema.createIndex('vouchers_created_idx').on('vouchers').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('voucher_events')
    .addColumn('voucher_id', 'text', (c) => c.notNull().references('vouchers.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('voucher_events_pk', ['voucher_id', 'event_id'])
    .execute();
  await db.schema.createIndex('voucher_events_event_idx').on('voucher_events').column('event_id').execute();

  // A used voucher is never deleted (the service refuses it), so the id always resolves. No foreign
  // key: SQLite could not drop the column again (down) if it carried one.
  await db.schema.alterTable('bookings').addColumn('voucher_id', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('voucher_code', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('charge_discount_minor', 'integer', (c) => c.check(sql`charge_discount_minor >= 0`)).execute();
  await db.schema.createIndex('bookings_voucher_idx').on('bookings').column('voucher_id').where(sql.ref('voucher_id'), 'is not', null).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createVoucherTables(db, { time: 'text', day: 'text', now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_voucher_idx').execute();
  for (const name of ['charge_discount_minor', 'voucher_code', 'voucher_id']) await db.schema.alterTable('bookings').dropColumn(name).execute();
  await db.schema.dropTable('voucher_events').execute();
  await db.schema.dropTable('vouchers').execute();
}
