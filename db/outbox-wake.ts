// The in-process wake-up of the outbox senders on SQLite: a message written to a database wakes the
// senders of that database only (PostgreSQL wakes every instance with NOTIFY instead, db/pg-notify.ts).
//
// The channel rides on the Kysely instance as a plugin that changes nothing, because messages are
// written deep inside services with whatever transaction they run in, and Kysely gives a
// transaction the plugins of its database: from any `db` or `trx`, `wakeChannelOf` finds the one
// channel of that database. A process that opens several databases (tests, scripts) keeps their
// senders apart, where one process-wide list woke every sender for any message.
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export class OutboxWakeChannel implements KyselyPlugin {
  private readonly listeners = new Set<() => void>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  wake(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The wake channel of the database `db` belongs to (a transaction's is its database's). */
export function wakeChannelOf(db: Pick<Kysely<never>, 'getExecutor'>): OutboxWakeChannel | undefined {
  return db.getExecutor().plugins.find((plugin): plugin is OutboxWakeChannel => plugin instanceof OutboxWakeChannel);
}
