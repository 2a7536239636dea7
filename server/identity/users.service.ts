// Account administration with its two guards: nobody changes their own role, and the site always
// keeps at least one admin.
import { runAlone } from '@db/postgres';
import type { Role } from '@db/schema';
import { hashPassword } from './password';
import {
  countUsers,
  deleteUserRow,
  findUserByEmail,
  findUserById,
  insertUser,
  isEmailTaken,
  listUsers as listUserRows,
  toUserDto,
  updateUserRow,
  type UserDto,
} from './users.repository';
import { actorOf, changedFields, recordAudit, statusChange } from '@server/audit/audit.service';
import { type AuditContext, plainRead } from '@server/core/service-context';
import { NotFoundError, PreconditionError, conflictOnField, invalidField } from '@server/core/errors';


export async function createUser(ctx: AuditContext, input: { name: string; email: string; password: string; role: Role }): Promise<UserDto> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  if ((await findUserByEmail(db, input.email)) !== undefined) throw conflictOnField('email', 'api.users.emailTaken');
  const passwordHash = await hashPassword(input.password);
  // Checked again inside the write transaction: a second create of the same e-mail may have run
  // while this one was hashing (a double click), and it must get CONFLICT, not a UNIQUE error.
  try {
    const row = await db.transaction().execute(async (trx) => {
      if ((await findUserByEmail(trx, input.email)) !== undefined) throw conflictOnField('email', 'api.users.emailTaken');
      const created = await insertUser(trx, { name: input.name, email: input.email, role: input.role, passwordHash });
      await recordAudit(trx, actor, { action: 'create', entity: 'user', entityId: created.id, summary: `${created.email}, role ${created.role}` });
      return created;
    });
    return toUserDto(row);
  } catch (error) {
    if (isEmailTaken(error)) throw conflictOnField('email', 'api.users.emailTaken');
    throw error;
  }
}

export async function updateUser(ctx: AuditContext, input: { id: string; name: string; email: string; role: Role }): Promise<UserDto> {
  const { db } = ctx;
  const actingUserId = ctx.user?.id;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    await runAlone(trx, 'accounts');
    const existing = await findUserById(trx, input.id);
    if (existing === undefined) throw new NotFoundError('api.auth.accountNotFound');
    if (input.role !== existing.role) {
      if (existing.id === actingUserId) {
        throw invalidField('role', 'api.users.ownRole');
      }
      if (existing.role === 'admin' && (await countUsers(trx, 'admin')) <= 1) {
        throw new PreconditionError('api.users.lastAdminDemoted');
      }
    }
    const owner = await findUserByEmail(trx, input.email);
    if (owner !== undefined && owner.id !== existing.id) throw conflictOnField('email', 'api.users.emailTaken');
    const row = await updateUserRow(trx, input.id, { name: input.name, email: input.email, role: input.role });
    const fields = changedFields(existing, row, { name: 'name', email: 'email' });
    const summary =
      row.role === existing.role ? fields : `${statusChange(existing.role, row.role, 'role')}${fields === 'no changes' ? '' : `; ${fields}`}`;
    await recordAudit(trx, actor, { action: 'update', entity: 'user', entityId: row.id, summary });
    return toUserDto(row);
  });
}

/** Deletes an account; its sessions end with it (ON DELETE CASCADE). */
export async function deleteUser(ctx: AuditContext, { id }: { id: string }): Promise<{ id: string }> {
  const { db } = ctx;
  const actingUserId = ctx.user?.id;
  const actor = actorOf(ctx);
  await db.transaction().execute(async (trx) => {
    await runAlone(trx, 'accounts');
    const existing = await findUserById(trx, id);
    if (existing === undefined) throw new NotFoundError('api.auth.accountNotFound');
    if (existing.id === actingUserId) {
      throw new PreconditionError('api.users.ownAccount');
    }
    if (existing.role === 'admin' && (await countUsers(trx, 'admin')) <= 1) {
      throw new PreconditionError('api.users.lastAdminDeleted');
    }
    await deleteUserRow(trx, id);
    await recordAudit(trx, actor, { action: 'delete', entity: 'user', entityId: id, summary: existing.email });
  });
  return { id };
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export const listUsers = plainRead(listUserRows);

/** Whether the site still waits for its first account (the setup page). */
export async function setupStatus({ db }: Pick<AuditContext, 'db'>): Promise<{ needsSetup: boolean }> {
  return { needsSetup: (await countUsers(db)) === 0 };
}
