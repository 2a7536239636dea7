// First-run setup links (migration 090): only the SHA-256 of each printed token is kept, so any
// instance on the database can accept a link another printed, and a leaked database holds no link.
import { createHash } from 'node:crypto';
import type { DB } from '@db/database';

export function hashSetupToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function insertSetupLink(db: DB, token: string): Promise<void> {
  await db.insertInto('setupLinks').values({ tokenHash: hashSetupToken(token), createdAt: new Date().toISOString() }).execute();
}

export async function countSetupLinks(db: DB): Promise<number> {
  const row = await db.selectFrom('setupLinks').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** True when some instance printed this token and it has not been used up. */
export async function setupLinkExists(db: DB, token: string): Promise<boolean> {
  const row = await db.selectFrom('setupLinks').select('tokenHash').where('tokenHash', '=', hashSetupToken(token)).executeTakeFirst();
  return row !== undefined;
}

export async function deleteAllSetupLinks(db: DB): Promise<void> {
  await db.deleteFrom('setupLinks').execute();
}
