// API tokens' rows: the admin list, one insert, the per-request lookup by hash, revocation.
import type { DB } from '@db/database';
import type { ApiTokenRow } from '@db/schema';
import type { Page } from '@server/shared/common.schemas';

export type NewApiTokenRow = Omit<ApiTokenRow, 'lastUsedAt' | 'revokedAt' | 'createdAt'> & { createdAt: string };

/** A token as the list shows it: never its hash. */
export type ApiTokenListRow = Omit<ApiTokenRow, 'tokenHash'> & { userName: string | null };

export async function insertApiToken(db: DB, row: NewApiTokenRow): Promise<void> {
  await db.insertInto('apiTokens').values(row).execute();
}

export async function listApiTokens(db: DB, page: { page: number; pageSize: number }): Promise<Page<ApiTokenListRow>> {
  const [items, count] = await Promise.all([
    db
      .selectFrom('apiTokens')
      .leftJoin('users', 'users.id', 'apiTokens.userId')
      .select([
        'apiTokens.id',
        'apiTokens.userId',
        'apiTokens.name',
        'apiTokens.scopes',
        'apiTokens.expiresAt',
        'apiTokens.lastUsedAt',
        'apiTokens.revokedAt',
        'apiTokens.createdAt',
        'users.name as userName',
      ])
      .orderBy('apiTokens.createdAt', 'desc')
      .orderBy('apiTokens.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    db.selectFrom('apiTokens').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

export async function findApiToken(db: DB, id: string): Promise<ApiTokenRow | undefined> {
  return db.selectFrom('apiTokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The token a request presents, with its maker's current account (role included). */
export async function findApiTokenByHash(db: DB, tokenHash: string) {
  return db
    .selectFrom('apiTokens')
    .innerJoin('users', 'users.id', 'apiTokens.userId')
    .select([
      'apiTokens.id as tokenId',
      'apiTokens.scopes',
      'apiTokens.expiresAt',
      'apiTokens.revokedAt',
      'apiTokens.lastUsedAt',
      'users.id',
      'users.email',
      'users.name',
      'users.role',
      'users.avatarUrl',
      'users.lastSignInAt',
      'users.previousSignInAt',
    ])
    .where('apiTokens.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function setApiTokenLastUsed(db: DB, id: string, at: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt: at }).where('id', '=', id).execute();
}

/** Answers whether a token was revoked now (false: none, or already revoked). */
export async function revokeApiTokenRow(db: DB, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('apiTokens').set({ revokedAt: at }).where('id', '=', id).where('revokedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
