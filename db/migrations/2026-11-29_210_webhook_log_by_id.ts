// A webhook delivery is written in the transaction of the booking (or other change) it reports, so
// every index on webhook_deliveries is one more page the booking's commit writes. The endpoint's
// delivery log now reads by the time-ordered primary key (newest first) and filters by endpoint, so
// its own index (endpoint_id, created_at) goes: measured in docs/performance.md (Webhooks), the log
// page stays within 20 ms at 30,000 deliveries (30 days of 1,000 a day) while a booking with an
// endpoint writes one page fewer. Deleting an endpoint (rare) then scans the deliveries. Frozen.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_endpoint_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();
}
