// What /metrics reports of the outbox, read when it is scraped (never on a request's path). Both
// queries are ranges of indexes: (status, kind) for the counts, (status, created_at) for the oldest.
import type { DB } from '@db/database';
import type { EmailKind, EmailStatus } from '@db/schema';

/** The outbox states a monitor cares about; sent messages are counted as they go (site_emails_sent_total). */
export type OutboxState = 'waiting' | 'sending' | 'failed';

/**
 * Each stored status as a monitor reads it: pending waits its turn; sending is claimed by a sender
 * now (many for long means a sender stopped mid-send); failed gave up. Typed by every status, so a
 * new one does not compile until it is placed here.
 */
const STATE_OF_STATUS: Record<EmailStatus, OutboxState | null> = {
  pending: 'waiting',
  sending: 'sending',
  failed: 'failed',
  sent: null,
};

const COUNTED_STATUSES = (Object.keys(STATE_OF_STATUS) as EmailStatus[]).filter((status) => STATE_OF_STATUS[status] !== null);

export interface OutboxCount {
  state: OutboxState;
  kind: EmailKind;
  count: number;
}

/** Messages waiting or given up, per state and kind. */
export async function countOutboxByStateAndKind(db: DB): Promise<OutboxCount[]> {
  const rows = await db
    .selectFrom('emailOutbox')
    .select((eb) => ['status', 'kind', eb.fn.countAll<number>().as('count')])
    .where('status', 'in', COUNTED_STATUSES)
    .groupBy(['status', 'kind'])
    .execute();
  const totals = new Map<string, OutboxCount>();
  for (const row of rows) {
    const state = STATE_OF_STATUS[row.status];
    if (state === null) continue;
    const key = `${state} ${row.kind}`;
    const entry = totals.get(key) ?? { state, kind: row.kind, count: 0 };
    entry.count += Number(row.count);
    totals.set(key, entry);
  }
  return [...totals.values()];
}

/** When the oldest message still waiting to go out was written, or null when none waits. */
export async function oldestWaitingCreatedAt(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom('emailOutbox')
    .select((eb) => eb.fn.min('createdAt').as('oldest'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirst();
  return row?.oldest ?? null;
}
