// Prepared queries (db/prepared.ts) on the test database (SQLite, or PostgreSQL in `npm run test:pg`):
// the same rows as the ordinary query, in camelCase, built once per database and reused inside
// transactions, with the values of each call.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { isNullOr, type Param, type Params, preparedQuery } from './prepared';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;

beforeEach(async () => {
  env = await createTestEnv();
  await env.db
    .insertInto('settings')
    .values([
      { key: 'alpha', value: '"first"', updatedAt: '2026-01-01T00:00:00.000Z' },
      { key: 'beta', value: '"second"', updatedAt: '2026-01-02T00:00:00.000Z' },
    ])
    .execute();
});

afterEach(async () => {
  await env.close();
});

/** A settings query that counts how often it is built. */
function countedSettingQuery() {
  let builds = 0;
  const query = preparedQuery((db, args: Params<{ key: string }>) => {
    builds += 1;
    return db.selectFrom('settings').select(['key', 'value', 'updatedAt']).where('key', '=', args.key).where('value', '<>', '"never"');
  });
  return { query, builds: () => builds };
}

describe('preparedQuery', () => {
  it('answers each call with its own values, in camelCase, as the ordinary query does', async () => {
    const { query } = countedSettingQuery();
    expect(await query.first(env.db, { key: 'alpha' })).toEqual({ key: 'alpha', value: '"first"', updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(await query.all(env.db, { key: 'beta' })).toEqual(
      await env.db.selectFrom('settings').select(['key', 'value', 'updatedAt']).where('key', '=', 'beta').execute(),
    );
    expect(await query.first(env.db, { key: 'gamma' })).toBeUndefined();
  });

  it('is built once per database, and a transaction of that database reuses it', async () => {
    const { query, builds } = countedSettingQuery();
    await query.first(env.db, { key: 'alpha' });
    await query.first(env.db, { key: 'beta' });
    const inside = await env.db.transaction().execute((trx) => query.first(trx, { key: 'beta' }));
    expect(inside?.value).toBe('"second"');
    expect(builds()).toBe(1);

    const other = await createTestEnv();
    try {
      expect(await query.first(other.db, { key: 'alpha' })).toBeUndefined();
      expect(builds()).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('writes with the values of each call', async () => {
    const insert = preparedQuery((db, row: Params<{ key: string; value: string; updatedAt: string }>) =>
      db.insertInto('settings').values({ key: row.key, value: row.value, updatedAt: row.updatedAt }),
    );
    await insert.all(env.db, { key: 'gamma', value: '"third"', updatedAt: '2026-01-03T00:00:00.000Z' });
    await env.db.transaction().execute((trx) => insert.all(trx, { key: 'delta', value: '"fourth"', updatedAt: '2026-01-04T00:00:00.000Z' }));
    const rows = await env.db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['gamma', 'delta']).orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'delta', value: '"fourth"' },
      { key: 'gamma', value: '"third"' },
    ]);
  });

  it('refuses a call that leaves a value out, and runs nothing', async () => {
    const { query } = countedSettingQuery();
    await expect(query.first(env.db, {} as { key: string })).rejects.toThrow('Prepared query: no value for "key"');
  });

  it('leaves a nullable argument out of the condition when it is null, in one query shape', async () => {
    let builds = 0;
    const query = preparedQuery((db, args: Params<{ exceptKey: string | null }>) => {
      builds += 1;
      return db
        .selectFrom('settings')
        .select('key')
        .where('key', 'in', ['alpha', 'beta'])
        .where((eb) => isNullOr(eb, args.exceptKey, (key) => eb('key', '<>', key)))
        .orderBy('key');
    });
    expect(await query.all(env.db, { exceptKey: null })).toEqual([{ key: 'alpha' }, { key: 'beta' }]);
    expect(await query.all(env.db, { exceptKey: 'alpha' })).toEqual([{ key: 'beta' }]);
    expect(builds).toBe(1);
  });

  it('gives the builder parameters, not values (the misuses below do not compile)', () => {
    expectTypeOf<Params<{ key: string; note: string | null }>>().toEqualTypeOf<{
      readonly key: Param<string>;
      readonly note: Param<string | null>;
    }>();
    expectTypeOf<Param<string>>().not.toExtend<string>();
  });
});

// `npm run typecheck` fails if any of these compiles (an unused @ts-expect-error is an error).
// They are never run.
export function misusesOfPreparedQueries(): void {
  // A value is shaped before the call, never inside the builder: a parameter has no string methods.
  // @ts-expect-error -- Param<string> is not a string
  preparedQuery((db, args: Params<{ key: string }>) => db.selectFrom('settings').select('key').where('key', '=', args.key.toLowerCase()));

  // The query's shape is fixed when it is built, so no argument may be absent.
  preparedQuery((db, args: Params<{ key?: string }>) =>
    // @ts-expect-error -- an optional argument is refused
    db.selectFrom('settings').select('key').where('key', '=', args.key),
  );

  // Every argument must be given at the call.
  const query = preparedQuery((db, args: Params<{ key: string }>) => db.selectFrom('settings').select('key').where('key', '=', args.key));
  return void (async (db: TestEnv['db']) => {
    // @ts-expect-error -- the key is missing
    await query.first(db, {});
  });
}

