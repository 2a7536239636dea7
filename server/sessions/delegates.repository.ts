// Delegates: rows to API objects, and the queries behind the delegates router and session detail.
import type { DB } from '@db/database';
import type { DelegateRow } from '@db/schema';
import { newId } from '@server/core/ids';
import type { Page } from '@server/shared/common.schemas';
import { matchesAny } from '@db/text-search';

/** A delegate as the API shows it: the whole row. */
export type DelegateDto = DelegateRow;

/** What a create or update writes: the row without its keys, session and times. */
export type DelegateValues = Omit<DelegateRow, 'id' | 'sessionId' | 'createdAt' | 'updatedAt'>;

export function toDelegateDto(row: DelegateRow): DelegateDto {
  return {
    id: row.id,
    sessionId: row.sessionId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    organization: row.organization,
    position: row.position,
    bio: row.bio,
    photoUrl: row.photoUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Only the editable columns, so extra keys in an input object never reach the table. */
function toColumns(values: DelegateValues): DelegateValues {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    organization: values.organization,
    position: values.position,
    bio: values.bio,
    photoUrl: values.photoUrl,
  };
}

export async function listDelegates(
  db: DB,
  filter: {
    search?: string | undefined;
    sessionId?: string | undefined;
    eventId?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<Page<DelegateDto>> {
  const { eventId } = filter;
  // The join to sessions is paid only when filtering by event, so the plain count stays an index scan.
  let query = db
    .selectFrom('delegates')
    .$if(eventId !== undefined, (qb) =>
      qb.innerJoin('eventSessions', 'eventSessions.id', 'delegates.sessionId').where('eventSessions.eventId', '=', eventId ?? ''),
    );
  if (filter.sessionId !== undefined) query = query.where('delegates.sessionId', '=', filter.sessionId);
  if (filter.search !== undefined) {
    query = query.where(
      matchesAny(db, ['delegates.name', 'delegates.email', 'delegates.organization', 'delegates.position'], filter.search),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('delegates')
      .orderBy('delegates.createdAt')
      .orderBy('delegates.id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toDelegateDto), total: Number(count.total) };
}

export async function listDelegatesOfSession(db: DB, sessionId: string): Promise<DelegateDto[]> {
  const rows = await db
    .selectFrom('delegates')
    .selectAll()
    .where('sessionId', '=', sessionId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toDelegateDto);
}

/** What visitors see of a delegate: no e-mail address or phone number. */
export interface PublicDelegate {
  id: string;
  sessionId: string;
  name: string;
  position: string | null;
  organization: string | null;
  photoUrl: string | null;
}

/** The public face of the delegates of these sessions, in one query, in the order staff added them. */
export async function listPublicDelegatesOfSessions(db: DB, sessionIds: readonly string[]): Promise<PublicDelegate[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('delegates')
    .select(['id', 'sessionId', 'name', 'position', 'organization', 'photoUrl'])
    .where('sessionId', 'in', sessionIds)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  // The where clause leaves no free-standing delegate (a null session) in the rows.
  return rows.map((row) => ({ ...row, sessionId: row.sessionId ?? '' }));
}

export async function listDelegateIdsOfSession(db: DB, sessionId: string): Promise<string[]> {
  const rows = await db.selectFrom('delegates').select('id').where('sessionId', '=', sessionId).execute();
  return rows.map((row) => row.id);
}

export async function findDelegate(db: DB, id: string): Promise<DelegateDto | undefined> {
  const row = await db.selectFrom('delegates').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toDelegateDto(row);
}

export async function insertDelegate(db: DB, sessionId: string | null, values: DelegateValues): Promise<DelegateDto> {
  const row = await db
    .insertInto('delegates')
    .values({ id: newId(), sessionId, ...toColumns(values) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDelegateDto(row);
}

export async function insertDelegates(
  db: DB,
  sessionId: string | null,
  delegates: DelegateValues[],
): Promise<DelegateDto[]> {
  if (delegates.length === 0) return [];
  const rows = await db
    .insertInto('delegates')
    .values(delegates.map((values) => ({ id: newId(), sessionId, ...toColumns(values) })))
    .returningAll()
    .execute();
  return rows.map(toDelegateDto);
}

/** Updates the fields; `sessionId` undefined leaves the delegate's session as it is. */
export async function updateDelegate(
  db: DB,
  id: string,
  values: DelegateValues & { sessionId?: string | null | undefined },
): Promise<DelegateDto | undefined> {
  const row = await db
    .updateTable('delegates')
    .set({
      ...toColumns(values),
      ...(values.sessionId === undefined ? {} : { sessionId: values.sessionId }),
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toDelegateDto(row);
}

export async function deleteDelegates(db: DB, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('delegates').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
