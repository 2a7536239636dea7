// The outbox senders are woken per database: a message written on one database (inside the
// transaction of its change, as services write them) wakes the senders of that database only, not
// those of another database open in the same process.
// @module-tag postgres
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DB, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { enqueueMessage, loadOutboxSite, onOutboxEnqueued } from './enqueue.service';
import { onPostgres } from '@tests/support/postgres-env';

const opened: { db: DB; dir: string }[] = [];

afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function database(): Promise<DB> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-wake-'));
  const { db } = openDatabase(path.join(dir, 'app.db'));
  opened.push({ db, dir });
  await migrateToLatest(db);
  return db;
}

async function writeMessage(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const site = await loadOutboxSite(trx, 'http://127.0.0.1:3000');
    await enqueueMessage(trx, site, {
      kind: 'system-alert',
      to: 'desk@example.com',
      rendered: { subject: 'Alert', text: 'Text', html: '<p>Text</p>' },
      ics: null,
      bookingId: null,
    });
  });
}

describe.skipIf(onPostgres())('outbox wake-ups on SQLite', () => {
  it('wake the senders of the database written to, and no other', async () => {
    const [first, second] = [await database(), await database()];
    const woken: string[] = [];
    const stopFirst = onOutboxEnqueued(first, () => woken.push('first'));
    onOutboxEnqueued(second, () => woken.push('second'));

    await writeMessage(first);
    expect(woken).toEqual(['first']);
    await writeMessage(second);
    expect(woken).toEqual(['first', 'second']);

    // A sender that stopped listening is not woken.
    stopFirst();
    await writeMessage(first);
    expect(woken).toEqual(['first', 'second']);
  });
});
