// Messages between instances on one PostgreSQL database (LISTEN/NOTIFY). A NOTIFY sent inside a
// transaction is delivered when it commits (and never if it rolls back), to every connection that
// listens on the channel, the sender's own instance included. Channels are named after the schema
// the app works in, so instances of different sites (or tests) on one server never hear each other.
//
// Each database handle gets one listening connection of its own (outside the pool, with the pool's
// settings) for as long as someone listens; when that connection drops it is opened again and every
// listener is called once, since a notification may have been missed in between.
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
  await client.connect();
  const schema = (await client.query<{ schema: string }>('select current_schema() as schema')).rows[0]?.schema ?? 'public';
  hub.schema = schema;
  client.on('notification', (message) => {
    const topic = message.channel.slice(`site_${schema}_`.length) as Topic;
    callAll(hub, topic, message.payload ?? '');
  });
  client.on('error', () => {
    // The connection is gone: drop it, listen again, and assume something was missed.
    void client.end().catch(() => undefined);
    if (hub.client === client) hub.client = undefined;
    if (hub.closed) return;
    setTimeout(() => {
      hub.connecting = connect(db, hub).then(() => callAll(hub), () => undefined);
    }, 1_000).unref();
  });
  for (const topic of hub.listeners.keys()) await client.query(`listen "${channel(schema, topic)}"`);
  hub.client = client;
  if (hub.closed) {
    hub.client = undefined;
    await client.end();
  }
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
    current.connecting ??= connect(db, current).finally(() => {
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
