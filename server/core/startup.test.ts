// Start-up on PostgreSQL: a refusal that waiting cannot cure (a wrong password, an unknown user or
// database) is said at once in one line, where an outage is waited out (db/postgres-restart.test.ts).
// The wrong password comes from a server on loopback that speaks PostgreSQL's protocol and refuses
// every login as PostgreSQL does (the throwaway test server trusts local logins); the unknown user
// and database from the real server under npm run test:pg.
// @module-tag postgres
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '@db/postgres';
import { checkPostgresConnection, StartupError } from './startup';
import { onPostgres, testPostgresUrl } from '@tests/support/postgres-env';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** PostgreSQL's ErrorResponse message: severity, SQLSTATE and text, each field a type byte and a C string. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([
    ...[['S', 'FATAL'], ['V', 'FATAL'], ['C', code], ['M', message]].map(([type, value]) => Buffer.from(`${type}${value}\0`)),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

/** A server that answers every startup message with a failed password, as PostgreSQL does. */
async function refusingServer(): Promise<number> {
  const server = net.createServer((socket) => {
    socket.once('data', () => socket.end(errorResponse('28P01', 'password authentication failed for user "site"')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function attempt(url: string): Promise<{ error: unknown; lines: string[]; sleeps: number }> {
  const { db } = openPostgres(url);
  closers.push(() => db.destroy());
  const lines: string[] = [];
  let sleeps = 0;
  const error = await checkPostgresConnection(db, url, {
    waitMs: 60_000,
    log: (line) => lines.push(line),
    sleep: () => Promise.resolve(void (sleeps += 1)),
  }).then(
    () => null,
    (failure: unknown) => failure,
  );
  return { error, lines, sleeps };
}

describe('PostgreSQL refusals that waiting does not cure', () => {
  it('a wrong password is said at once, not retried for 60 s like an outage', async () => {
    const port = await refusingServer();
    const { error, lines, sleeps } = await attempt(`postgres://site:wrong@127.0.0.1:${port}/site`);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `PostgreSQL at 127.0.0.1:${port}/site refused the connection (28P01: password authentication failed for user "site"): correct the password in DATABASE_URL.`,
    );
    expect(lines).toEqual([]);
    expect(sleeps).toBe(0);
  });

  it.runIf(onPostgres())('an unknown user or database too', async () => {
    const server = testPostgresUrl() ?? '';
    const unknownUser = new URL(server);
    unknownUser.username = 'no_such_user';
    const user = await attempt(unknownUser.toString());
    expect((user.error as Error).message).toMatch(
      /^PostgreSQL at .+ refused the connection \(28000: role "no_such_user" does not exist\): check the user in DATABASE_URL and that PostgreSQL's pg_hba\.conf lets it connect from here\.$/,
    );
    const unknownDatabase = new URL(server);
    unknownDatabase.pathname = '/no_such_database';
    const database = await attempt(unknownDatabase.toString());
    expect((database.error as Error).message).toMatch(
      /^PostgreSQL at .+\/no_such_database refused the connection \(3D000: database "no_such_database" does not exist\): create the database, or correct its name in DATABASE_URL\.$/,
    );
    expect([user.sleeps, database.sleeps]).toEqual([0, 0]);
  });
});
