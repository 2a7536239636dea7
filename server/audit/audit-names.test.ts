// The audit log names what each row is about and who acted, as they are named now, in one query
// for the whole page (never one per row); a record deleted since keeps its id and no name.
// @module-tag postgres
import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@server/core/ids';
import { insertAuditRow } from './audit.repository';
import { listAudit } from './audit.service';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { roleCallers, type RoleCallers, createTestEnv, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

async function auditRow(entity: string, entityId: string | null, actor: { userId: string | null; name: string | null }, minute: number) {
  await insertAuditRow(env.db, {
    userId: actor.userId,
    actorName: actor.name,
    actorEmail: null,
    ip: '192.0.2.1',
    action: 'update',
    entity,
    entityId,
    summary: `row ${minute}`,
    createdAt: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  });
}

/** Counts the statements the database it wraps runs (one result each; subqueries are part of theirs). */
function countingDb() {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: (args) => {
      statements += 1;
      return Promise.resolve(args.result);
    },
  };
  return { db: env.db.withPlugin(plugin), statements: () => statements };
}

describe('audit.list names', () => {
  it("answers each record's name and the actor's name, and a deleted record's row without one", async () => {
    const { event, session, slot } = await insertBookableSlot(env.db);
    const booking = await insertBookingRow(env.db, slot, event.id, { name: 'Grace Participant' });
    const staff = callers.userAccount.user;
    const admin = { userId: callers.adminAccount.user.id, name: 'Ada at the time' };
    await auditRow('event', event.id, admin, 1);
    await auditRow('session', session.id, admin, 2);
    await auditRow('time-slot', slot.id, admin, 3);
    await auditRow('booking', booking.id, admin, 4);
    await auditRow('user', staff.id, admin, 5);
    // No name kept for the actor (a row written before names were kept): the account's name now.
    await auditRow('event', newId(), { userId: staff.id, name: null }, 6);
    await auditRow('settings', null, admin, 7);

    const page = await callers.admin.audit.list({});
    expect(page.items.map((item) => [item.summary, item.actorName, item.targetName])).toEqual([
      ['row 7', 'Ada at the time', null],
      ['row 6', staff.name, null],
      ['row 5', 'Ada at the time', staff.name],
      ['row 4', 'Ada at the time', 'Grace Participant'],
      ['row 3', 'Ada at the time', 'Fixture Session'],
      ['row 2', 'Ada at the time', 'Fixture Session'],
      ['row 1', 'Ada at the time', 'Fixture Event'],
    ]);
  });

  it('reads a page of twenty named rows with as many statements as a page of one', async () => {
    const { event } = await insertBookableSlot(env.db);
    const actor = { userId: callers.adminAccount.user.id, name: null };
    await auditRow('event', event.id, actor, 0);
    const one = countingDb();
    const first = await listAudit({ db: one.db }, { search: undefined, page: 1, pageSize: 20 });
    expect(first.items.map((item) => item.targetName)).toEqual(['Fixture Event']);

    for (let minute = 1; minute < 25; minute += 1) await auditRow('event', event.id, actor, minute);
    const many = countingDb();
    const full = await listAudit({ db: many.db }, { search: undefined, page: 1, pageSize: 20 });
    expect(full.items).toHaveLength(20);
    expect(full.items.every((item) => item.targetName === 'Fixture Event' && item.actorName === callers.adminAccount.user.name)).toBe(true);
    expect(many.statements()).toBe(one.statements());
    expect(many.statements()).toBe(2);
  });
});
