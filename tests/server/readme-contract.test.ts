// The README's API contract table is what a maintainer reads to learn who may call what. It must
// name every procedure of appRouter, nothing else, and the access it gives each one (P public,
// U any signed-in account, A admin) must be what the server enforces: an anonymous call of a U or A
// procedure is refused as unauthenticated, a role-user call of an A procedure as forbidden.
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '@server/router';
import { type Caller, createTestEnv, roleCallers, type RoleCallers, type TestEnv } from './helpers';

type Access = 'P' | 'U' | 'A';

/** The rows of the README's "API contract" table: `router.procedure` (or a bare name after one) and its access. */
function documentedAccess(readme: string): Map<string, Access> {
  const start = readme.indexOf('\n## API contract\n');
  const end = readme.indexOf('\n## ', start + 1);
  if (start < 0 || end < 0) throw new Error('README.md has no "## API contract" section');
  const documented = new Map<string, Access>();
  for (const line of readme.slice(start, end).split('\n')) {
    if (!line.startsWith('| `')) continue;
    const [, names = '', access = ''] = line.split('|').map((cell) => cell.trim());
    if (access !== 'P' && access !== 'U' && access !== 'A') throw new Error(`no access P, U or A in: ${line}`);
    let router = '';
    for (const [, name = ''] of names.matchAll(/`([^`]+)`/g)) {
      if (name.includes('.')) router = name.slice(0, name.lastIndexOf('.'));
      const full = name.includes('.') ? name : `${router}.${name}`;
      documented.set(full, access);
    }
  }
  return documented;
}

const procedures = Object.keys(appRouter._def.procedures).sort();

function procedureOf(caller: Caller, name: string): (input?: unknown) => Promise<unknown> {
  let node: unknown = caller;
  for (const key of name.split('.')) node = (node as Record<string, unknown>)[key];
  return node as (input?: unknown) => Promise<unknown>;
}

/** How `caller` fares: refused by the sign-in or admin check, or let through (whatever happens next). */
async function gate(caller: Caller, name: string): Promise<'unauthenticated' | 'forbidden' | 'passed'> {
  try {
    await procedureOf(caller, name)(undefined);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED' && error.message === 'Please sign in to continue.') {
      return 'unauthenticated';
    }
    if (error instanceof TRPCError && error.code === 'FORBIDDEN' && error.message === 'Only administrators can do this.') {
      return 'forbidden';
    }
  }
  return 'passed';
}

const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe("README's API contract", () => {
  let env: TestEnv;
  let callers: RoleCallers;

  beforeEach(async () => {
    env = await createTestEnv();
    callers = await roleCallers(env);
  });
  afterEach(() => env.close());

  it('names exactly the procedures of appRouter', () => {
    expect([...documentedAccess(readme).keys()].sort()).toEqual(procedures);
  });

  it('gives each procedure the access the server enforces', async () => {
    const documented = documentedAccess(readme);
    const wrong: string[] = [];
    for (const name of procedures) {
      let actual: Access = 'P';
      if ((await gate(callers.anonymous, name)) === 'unauthenticated') {
        actual = (await gate(callers.user, name)) === 'forbidden' ? 'A' : 'U';
      }
      if (documented.get(name) !== actual) wrong.push(`${name}: README ${documented.get(name) ?? 'missing'}, server ${actual}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads the table as written (a row with bare names after a router-qualified one)', () => {
    const table = '\n## API contract\n\n| `events.create`, `update` | A | |\n| `auth.me` | P | |\n\n## Next\n';
    expect(documentedAccess(table)).toEqual(
      new Map<string, Access>([
        ['events.create', 'A'],
        ['events.update', 'A'],
        ['auth.me', 'P'],
      ]),
    );
  });
});
