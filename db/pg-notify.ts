// Messages between instances on one PostgreSQL database (LISTEN/NOTIFY). A NOTIFY sent inside a
// transaction is delivered when it commits (and never if it rolls back), to every connection that
// listens on the channel, the sender's own instance included. Channels are named after the schema
// the app works in, so instances of different sites (or tests) on one server never hear each other.
//
// Each database handle gets one listening connection of its own (outside the pool, with the pool's
// settings) for as long as someone listens; when that connection drops it is opened again, waiting
// 1 s then doubling up to 30 s between attempts for as long as it takes, and every listener is
// called once with an empty payload, since notifications may have been missed in between.
import { sql } from 'kysely';
import pg from 'pg';
import type { DB } from './database';
import { isPostgres, poolOf } from './postgres';

export type Topic = 'outbox' | 'public-reads';

/** Tells every instance (after the current transaction commits) that `topic` changed. */
export async function notifyInstances(db: DB, topic: Topic, payload = ''): Promise<void> {
  await sql`select pg_notify('site_' || current_schema() || ${`_${topic}`}, ${payload})`.execute(db);
}

interface Hub {
  listeners: Map<Topic, Set<(payload: string) => void>>;
  client: pg.Client | undefined;
  schema: string | undefined;
  closed: boolean;
  connecting: Promise<void> | undefined;
}

const hubs = new WeakMap<DB, Hub>();

function channel(schema: string, topic: Topic): string {
  return `site_${schema}_${topic}`;
}

function callAll(hub: Hub, topic?: Topic, payload = ''): void {
  for (const [key, listeners] of hub.listeners) {
    if (topic !== undefined && key !== topic) continue;
    for (const listener of listeners) listener(payload);
  }
}

async function connect(db: DB, hub: Hub): Promise<void> {
  const pool = poolOf(db);
  if (pool === undefined || hub.closed) return;
  const client = new pg.Client(pool.options);
  // Never without a listener: an 'error' event with none would end the process.
  client.on('error', () => undefined);
  let schema: string;
  try {
    await client.connect();
    schema = (await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? 'public';
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  hub.schema = schema;
  client.on('notification', (message) => {
    const topic = message.channel.slice(`site_${schema}_`.length) as Topic;
    callAll(hub, topic, message.payload ?? '');
  });
  let lost = false;
  const onLost = () => {
    // The connection is gone (a restart, a network cut): drop it and listen again until it works.
    if (lost) return;
    lost = true;
    void client.end().catch(() => undefined);
    if (hub.client === client) hub.client = undefined;
    reconnect(db, hub, 1);
  };
  client.on('error', onLost);
  client.on('end', onLost);
  try {
    for (const topic of hub.listeners.keys()) await client.query(`listen "${channel(schema, topic)}"`);
  } catch (error) {
    lost = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  hub.client = client;
  if (hub.closed) {
    hub.client = undefined;
    await client.end();
  }
}

/** Waits before the next attempt to listen again: 1 s, doubling up to 30 s, for as long as it takes. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** (attempt - 1));
}

function reconnect(db: DB, hub: Hub, attempt: number): void {
  if (hub.closed) return;
  setTimeout(() => {
    if (hub.closed || hub.client !== undefined) return;
    hub.connecting = connect(db, hub)
      // Back: whatever was notified meanwhile is lost, so every listener hears "anything may have
      // changed" (an empty payload): the caches empty, the senders look for due messages.
      .then(
        () => callAll(hub),
        () => reconnect(db, hub, attempt + 1),
      )
      .finally(() => {
        hub.connecting = undefined;
      });
  }, reconnectDelayMs(attempt)).unref();
}

/**
 * Calls `listener` with the payload whenever another instance (or this one) notifies `topic`; after
 * a reconnection, with an empty payload. On SQLite there is one
 * instance and nothing to hear: the returned function does nothing. Resolves once listening.
 */
export async function listenToInstances(db: DB, topic: Topic, listener: (payload: string) => void): Promise<() => Promise<void>> {
  if (!isPostgres(db)) return () => Promise.resolve();
  let hub = hubs.get(db);
  if (hub === undefined) {
    hub = { listeners: new Map(), client: undefined, schema: undefined, closed: false, connecting: undefined };
    hubs.set(db, hub);
  }
  const current = hub;
  const isNewTopic = !current.listeners.has(topic);
  const set = current.listeners.get(topic) ?? new Set();
  set.add(listener);
  current.listeners.set(topic, set);
  if (current.client === undefined) {
    current.connecting ??= connect(db, current)
      // Not reachable now: keep trying in the background; listeners hear once it is back.
      .catch(() => reconnect(db, current, 1))
      .finally(() => {
        current.connecting = undefined;
      });
    await current.connecting;
  } else if (isNewTopic && current.schema !== undefined) {
    await current.client.query(`listen "${channel(current.schema, topic)}"`);
  }
  return async () => {
    set.delete(listener);
    if (set.size === 0) current.listeners.delete(topic);
    if (current.listeners.size === 0) {
      current.closed = true;
      hubs.delete(db);
      await current.connecting?.catch(() => undefined);
      const client = current.client;
      current.client = undefined;
      await client?.end().catch(() => undefined);
    }
  };
}
