// Contact messages: rows to API objects, and the queries behind the contacts router.
import type { z } from 'zod';
import type { DB } from '@db/database';
import type { ContactRow, ContactStatus } from '@db/schema';
import { newId } from '@server/core/ids';
import type { Page } from '@server/shared/common.schemas';
import type { contactListInput } from './contacts.schemas';
import { CONTACTS_TEXT, matchesIndexedText } from '@db/text-search';

export const RECENT_CONTACTS_LIMIT = 5;

/** A contact message as the API shows it: the whole row. */
export type ContactDto = ContactRow;

export type RecentContact = Pick<ContactRow, 'id' | 'name' | 'email' | 'createdAt'>;

export interface ContactStats {
  total: number;
  new: number;
  inProgress: number;
  completed: number;
  closed: number;
}

export interface ContactValues {
  name: string;
  email: string;
  company: string | null;
  message: string;
  status: ContactStatus;
  notes: string | null;
}

export type ContactListFilter = z.output<typeof contactListInput>;

export function toContactDto(row: ContactRow): ContactDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    message: row.message,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function findContact(db: DB, id: string): Promise<ContactDto | undefined> {
  const row = await db.selectFrom('contactForms').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toContactDto(row);
}

export async function insertContact(db: DB, values: ContactValues): Promise<ContactDto> {
  const row = await db
    .insertInto('contactForms')
    .values({ id: newId(), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContactDto(row);
}

export async function updateContact(db: DB, id: string, values: ContactValues): Promise<ContactDto | undefined> {
  const row = await db
    .updateTable('contactForms')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toContactDto(row);
}

export async function setContactStatus(db: DB, id: string, status: ContactStatus): Promise<ContactDto | undefined> {
  const row = await db
    .updateTable('contactForms')
    .set({ status, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toContactDto(row);
}

export async function deleteContact(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contactForms').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listContacts(db: DB, filter: ContactListFilter): Promise<Page<ContactDto>> {
  let query = db.selectFrom('contactForms');
  if (filter.status !== 'all') query = query.where('status', '=', filter.status);
  if (filter.search !== undefined) {
    query = query.where(await matchesIndexedText(db, CONTACTS_TEXT, filter.search));
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toContactDto), total: Number(count.total) };
}

export async function contactStats(db: DB): Promise<ContactStats> {
  const rows = await db
    .selectFrom('contactForms')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const byStatus: Record<ContactStatus, number> = { new: 0, 'in-progress': 0, completed: 0, closed: 0 };
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.count);
    total += Number(row.count);
  }
  return {
    total,
    new: byStatus.new,
    inProgress: byStatus['in-progress'],
    completed: byStatus.completed,
    closed: byStatus.closed,
  };
}

export function recentContacts(db: DB, limit: number = RECENT_CONTACTS_LIMIT): Promise<RecentContact[]> {
  return db
    .selectFrom('contactForms')
    .select(['id', 'name', 'email', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
