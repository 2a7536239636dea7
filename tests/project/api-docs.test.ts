// docs/api.md is the API's contract for whoever calls it, written by scripts/api-docs.ts from the
// routers. These tests fail when a procedure has no description or no known access, when the
// committed file is not what the routers say (run `npm run docs:api`), and when the access the
// document gives a procedure (from the builder it is made from) is not what the server enforces: an
// anonymous call of a staff or admin procedure is refused as unauthenticated, a role-user call of an
// admin procedure as forbidden.
import fs from 'node:fs';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '@server/router';
import type { ProcedureMeta } from '@server/trpc/init';
import { proceduresOf, renderApiDoc } from '@scripts/api-docs';
import { type Caller, createTestEnv, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

type Access = NonNullable<ProcedureMeta['access']>;

const procedures = proceduresOf(appRouter).map(([name, definition]) => ({ name, access: definition.meta?.access }));

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

describe('docs/api.md', () => {
  it('describes every procedure, each with its access', () => {
    expect(renderApiDoc().problems).toEqual([]);
  });

  it('is what the routers say (run `npm run docs:api` after changing a procedure)', () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
    expect(committed).toBe(renderApiDoc().markdown);
  });

  describe('access', () => {
    let env: TestEnv;
    let callers: RoleCallers;

    beforeEach(async () => {
      env = await createTestEnv();
      callers = await roleCallers(env);
    });
    afterEach(() => env.close());

    it('gives each procedure the access the server enforces', async () => {
      const wrong: string[] = [];
      for (const { name, access } of procedures) {
        let actual: Access = 'public';
        if ((await gate(callers.anonymous, name)) === 'unauthenticated') {
          actual = (await gate(callers.user, name)) === 'forbidden' ? 'admin' : 'staff';
        }
        if (access !== actual) wrong.push(`${name}: documented ${access ?? 'missing'}, server ${actual}`);
      }
      expect(wrong).toEqual([]);
    });
  });
});
