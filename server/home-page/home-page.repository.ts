import type { DB } from '@db/database';

export async function findHomeContent(db: DB): Promise<{ content: string; updatedAt: string } | undefined> {
  return db.selectFrom('homeContent').select(['content', 'updatedAt']).where('id', '=', 1).executeTakeFirst();
}

export async function saveHomeContent(db: DB, content: string, updatedAt: string): Promise<void> {
  await db
    .insertInto('homeContent')
    .values({ id: 1, content, updatedAt })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ content, updatedAt }))
    .execute();
}
