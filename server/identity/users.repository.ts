// Accounts: queries and the public shape of a user (never the password hash).
import type { DB } from '@db/database';
import type { Updateable } from 'kysely';
import type { Role, UserRow, UsersTable } from '@db/schema';
import { preparedQuery } from '@db/prepared';
import { newId } from '@server/core/ids';
import type { Page } from '@server/shared/common.schemas';
import { matchesAny } from '@db/text-search';

/** The public shape of an account: never the password hash, the preferences or the 2FA flag. */
export type UserDto = Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'avatarUrl' | 'lastSignInAt' | 'createdAt'>;

export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatarUrl: row.avatarUrl,
    lastSignInAt: row.lastSignInAt,
    createdAt: row.createdAt,
  };
}

export function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DB, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: DB, role?: Role): Promise<number> {
  let query = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('total'));
  if (role !== undefined) query = query.where('role', '=', role);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertUser(
  db: DB,
  values: { name: string; email: string; passwordHash: string; role: Role },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ id: newId(), ...values, email: values.email.toLowerCase() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An account in the admins' Users list: whether two-factor is on decides if it can be reset. */
export type UserListItem = UserDto & { twoFactorEnabled: boolean };

export async function listUsers(
  db: DB,
  filter: { search?: string | undefined; role: 'all' | Role; page: number; pageSize: number },
): Promise<Page<UserListItem>> {
  let query = db.selectFrom('users');
  if (filter.role !== 'all') query = query.where('role', '=', filter.role);
  if (filter.search !== undefined) query = query.where(matchesAny(db, ['users.name', 'users.email'], filter.search));
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('createdAt')
      .orderBy('id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ ...toUserDto(row), twoFactorEnabled: row.twoFactorEnabled === 1 })),
    total: Number(count.total),
  };
}

/** Addresses of admins who want e-mail about `topic`: Enable Email Notifications and the topic's toggle on. */
const notifiedAdminsQueries = {
  newBookings: notifiedAdminsQuery('notifyNewBookings'),
  newContacts: notifiedAdminsQuery('notifyNewContacts'),
  systemAlerts: notifiedAdminsQuery('notifySystemAlerts'),
};

/** One prepared query per topic (db/prepared.ts): each public booking and contact message asks. */
function notifiedAdminsQuery(toggle: 'notifyNewBookings' | 'notifyNewContacts' | 'notifySystemAlerts') {
  return preparedQuery((db) =>
    db
      .selectFrom('users')
      .select(['email', 'language'])
      .where('role', '=', 'admin')
      .where('notifyEmail', '=', 1)
      .where(toggle, '=', 1)
      .orderBy('email'),
  );
}

/** The admins who want e-mail about `topic`, each with the language of their notices. */
export function findNotifiedAdmins(db: DB, topic: keyof typeof notifiedAdminsQueries): Promise<{ email: string; language: string }[]> {
  return notifiedAdminsQueries[topic].all(db, {});
}

/** Writes an account's name, e-mail and role; the updated row. */
export function updateUserRow(db: DB, id: string, values: { name: string; email: string; role: Role }): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteUserRow(db: DB, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** A sign-in's mark: the last one becomes the previous one (the dashboard's Last Login). */
export async function recordSignInTimes(db: DB, id: string, previousSignInAt: string | null, nowIso: string): Promise<void> {
  await db.updateTable('users').set({ previousSignInAt, lastSignInAt: nowIso }).where('id', '=', id).execute();
}

export async function setPasswordHash(db: DB, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Writes some of an account's own settings (profile, security, notifications); the updated row, or undefined when there is no such account. */
export function updateUserSettings(
  db: DB,
  id: string,
  values: Omit<Updateable<UsersTable>, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The UNIQUE refusal of users.email, as SQLite or PostgreSQL words it. On PostgreSQL two creates
 * of one e-mail can both pass the check inside their transactions (each sees only committed rows),
 * and the second insert is refused by the index instead.
 */
export function isEmailTaken(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  if (error.code === '23505') return 'detail' in error && typeof error.detail === 'string' && error.detail.startsWith('Key (email)');
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('users.email');
}
