// Paid workshops (issue 36), booking a paid seat: a booking of a priced session keeps a frozen copy
// of what it was charged (net, tax and gross in minor units, the currency and the tax rate as they
// were at booking time, so a later price change never alters it), the buyer's billing details, how
// it is paid (the payment method, 'bank_transfer' today) and the payment reference the transfer
// must carry. `payment_status` is null for a free booking; 'awaiting' while the money has not
// arrived: such a booking (status pending) is shown as "Awaiting payment" and holds its seat until
// `payment_due_at`, when the scheduler cancels it. 'paid', 'refund-due' and 'refunded' are for the
// next steps (bank matching, refunds), listed now so the check need not change.
// The booking status's own check is left as it is: SQLite cannot alter a CHECK without rebuilding
// the table (and every table whose foreign keys cascade from it). Both dialects share this builder;
// the PostgreSQL form (name.postgres.ts) passes its native time type. Frozen.
import { type Kysely, sql } from 'kysely';

export async function addPaidBookingColumns(db: Kysely<any>, time: 'text' | 'timestamptz(3)'): Promise<void> {
  const columns: [string, string, ((c: any) => any)?][] = [
    ['payment_status', 'text', (c) => c.check(sql`payment_status in ('awaiting', 'paid', 'refund-due', 'refunded')`)],
    ['payment_method', 'text'],
    ['payment_reference', 'text'],
    ['payment_due_at', time],
    ['charge_net_minor', 'integer', (c) => c.check(sql`charge_net_minor >= 0`)],
    ['charge_tax_minor', 'integer', (c) => c.check(sql`charge_tax_minor >= 0`)],
    ['charge_gross_minor', 'integer', (c) => c.check(sql`charge_gross_minor >= 0`)],
    ['charge_currency', 'text', (c) => c.check(sql`length(charge_currency) = 3`)],
    ['charge_tax_rate_basis_points', 'integer', (c) => c.check(sql`charge_tax_rate_basis_points between 0 and 10000`)],
    ['billing_company', 'text'],
    ['billing_address', 'text'],
    ['billing_country', 'text', (c) => c.check(sql`length(billing_country) = 2`)],
    ['billing_vat_number', 'text'],
  ];
  for (const [name, type, build] of columns) {
    await db.schema.alterTable('bookings').addColumn(name, type as 'text', build ?? ((c) => c)).execute();
  }
  // A transfer is found by its reference (the payments screen, bank matching): one booking each.
  await db.schema.createIndex('bookings_payment_reference_idx').on('bookings').column('payment_reference').unique().where(sql.ref('payment_reference'), 'is not', null).execute();
  // The scheduler's expiry and reminder read the awaiting bookings by deadline.
  await db.schema.createIndex('bookings_payment_due_idx').on('bookings').columns(['payment_due_at', 'id']).where(sql.ref('payment_status'), '=', 'awaiting').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await addPaidBookingColumns(db, 'text');
}

const COLUMNS = [
  'billing_vat_number',
  'billing_country',
  'billing_address',
  'billing_company',
  'charge_tax_rate_basis_points',
  'charge_currency',
  'charge_gross_minor',
  'charge_tax_minor',
  'charge_net_minor',
  'payment_due_at',
  'payment_reference',
  'payment_method',
  'payment_status',
];

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_payment_due_idx').execute();
  await db.schema.dropIndex('bookings_payment_reference_idx').execute();
  for (const name of COLUMNS) await db.schema.alterTable('bookings').dropColumn(name).execute();
}
