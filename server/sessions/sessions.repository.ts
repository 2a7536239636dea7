// Event sessions: rows to API objects, and the queries behind the sessions router.
import { sql } from 'kysely';
import type { DB } from '@db/database';
import { countSet, flipped } from '@db/dialect';
import type { EventSessionRow } from '@db/schema';
import { newId } from '@server/core/ids';
import type { Page } from '@server/shared/common.schemas';
import { matchesAny } from '@db/text-search';
import type { Translations } from '@server/shared/i18n/translations.schemas';
import { readTitleTranslations, type TitleTexts } from '@server/core/stored-json';
import { basisPointsToPercent, percentToBasisPoints, type Price } from '@server/shared/money';

/** A session as the API shows it: the row with its 0/1 flag as a boolean (maxParticipants null means unlimited). */
export type SessionDto = Omit<EventSessionRow, 'isActive' | 'translations' | 'priceAmountMinor' | 'priceCurrency' | 'taxRateBasisPoints'> & {
  isActive: boolean;
  /** The price per seat; null: free. */
  price: Price | null;
  /** The title and description in the other languages; a blank or missing one shows the English. */
  translations: Translations<TitleTexts>;
};

export interface SessionListItem extends SessionDto {
  eventTitle: string;
}

export interface SessionValues {
  eventId: string;
  title: string;
  description: string | null;
  location: string | null;
  facilitator: string | null;
  maxParticipants: number | null;
  /** Hours a freed seat is offered for; null: promote at once; undefined: unchanged. */
  offerHours?: number | null | undefined;
  /** The title and description in the other languages; undefined: unchanged. */
  translations?: Translations<TitleTexts> | undefined;
  /** null: free; undefined: unchanged. */
  price?: Price | null | undefined;
  isActive: boolean;
}

export interface SessionStats {
  total: number;
  active: number;
  /** Sum of max participants; unlimited sessions add nothing. */
  maxCapacity: number;
  /** Distinct non-empty locations. */
  locations: number;
}

export function toSessionDto(row: EventSessionRow): SessionDto {
  return {
    id: row.id,
    eventId: row.eventId,
    title: row.title,
    description: row.description,
    location: row.location,
    facilitator: row.facilitator,
    maxParticipants: row.maxParticipants,
    offerHours: row.offerHours,
    translations: readTitleTranslations(`translations of session ${row.id}`, row.translations),
    price: priceOf(row),
    isActive: row.isActive === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The three columns are set together or not at all (the service writes them so). */
function priceOf(row: EventSessionRow): Price | null {
  if (row.priceAmountMinor === null || row.priceCurrency === null || row.taxRateBasisPoints === null) return null;
  return { amountMinor: row.priceAmountMinor, currency: row.priceCurrency, taxRatePercent: basisPointsToPercent(row.taxRateBasisPoints) };
}

function priceColumns(price: Price | null) {
  return {
    priceAmountMinor: price?.amountMinor ?? null,
    priceCurrency: price?.currency ?? null,
    taxRateBasisPoints: price === null ? null : percentToBasisPoints(price.taxRatePercent),
  };
}

function toListItem(row: EventSessionRow & { eventTitle: string }): SessionListItem {
  return { ...toSessionDto(row), eventTitle: row.eventTitle };
}

/** Only the editable columns, so extra keys in an input object never reach the table. */
function toColumns(values: SessionValues) {
  return {
    eventId: values.eventId,
    title: values.title,
    description: values.description,
    location: values.location,
    facilitator: values.facilitator,
    maxParticipants: values.maxParticipants,
    ...(values.offerHours === undefined ? {} : { offerHours: values.offerHours }),
    ...(values.translations === undefined ? {} : { translations: JSON.stringify(values.translations) }),
    ...(values.price === undefined ? {} : priceColumns(values.price)),
    isActive: values.isActive ? 1 : 0,
  };
}

/** Active sessions of an active event, oldest first; empty when the event is missing or inactive. */
export async function listActiveSessionsOfEvent(db: DB, eventId: string): Promise<SessionDto[]> {
  const rows = await db
    .selectFrom('eventSessions')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .selectAll('eventSessions')
    .where('eventSessions.eventId', '=', eventId)
    .where('eventSessions.isActive', '=', 1)
    .where('events.isActive', '=', 1)
    .orderBy('eventSessions.createdAt')
    .orderBy('eventSessions.id')
    .execute();
  return rows.map(toSessionDto);
}

export async function listSessionsForAdmin(
  db: DB,
  filter: {
    search?: string | undefined;
    status: 'all' | 'active' | 'inactive';
    eventId?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<Page<SessionListItem>> {
  // Columns are qualified because the page query joins events, which has title and is_active too.
  let query = db.selectFrom('eventSessions');
  if (filter.status !== 'all') query = query.where('eventSessions.isActive', '=', filter.status === 'active' ? 1 : 0);
  if (filter.eventId !== undefined) query = query.where('eventSessions.eventId', '=', filter.eventId);
  if (filter.search !== undefined) {
    query = query.where(
      matchesAny(
        db,
        ['eventSessions.title', 'eventSessions.description', 'eventSessions.location', 'eventSessions.facilitator'],
        filter.search,
      ),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .innerJoin('events', 'events.id', 'eventSessions.eventId')
      .selectAll('eventSessions')
      .select('events.title as eventTitle')
      .orderBy('eventSessions.createdAt', 'desc')
      .orderBy('eventSessions.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toListItem), total: Number(count.total) };
}

export async function sessionStats(db: DB): Promise<SessionStats> {
  const row = await db
    .selectFrom('eventSessions')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      countSet('isActive').as('active'),
      eb.fn.coalesce(eb.fn.sum<number>('maxParticipants'), eb.lit(0)).as('maxCapacity'),
      eb.fn.count<number>(sql`nullif(trim(${sql.ref('location')}), '')`).distinct().as('locations'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    active: Number(row.active),
    maxCapacity: Number(row.maxCapacity),
    locations: Number(row.locations),
  };
}

export async function findSessionWithEvent(db: DB, id: string): Promise<SessionListItem | undefined> {
  const row = await db
    .selectFrom('eventSessions')
    .innerJoin('events', 'events.id', 'eventSessions.eventId')
    .selectAll('eventSessions')
    .select('events.title as eventTitle')
    .where('eventSessions.id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : toListItem(row);
}

export async function findSession(db: DB, id: string): Promise<SessionDto | undefined> {
  const row = await db.selectFrom('eventSessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toSessionDto(row);
}

export async function insertSession(db: DB, values: SessionValues): Promise<SessionDto> {
  const row = await db
    .insertInto('eventSessions')
    .values({ id: newId(), ...toColumns(values) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSessionDto(row);
}

export async function updateSession(db: DB, id: string, values: SessionValues): Promise<SessionDto | undefined> {
  const row = await db
    .updateTable('eventSessions')
    .set({ ...toColumns(values), updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toSessionDto(row);
}

/** Flips the stored flag in the UPDATE itself, so two quick toggles never read a stale value. */
export async function toggleSessionActive(db: DB, id: string): Promise<SessionDto | undefined> {
  const row = await db
    .updateTable('eventSessions')
    .set({ isActive: flipped('isActive'), updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toSessionDto(row);
}

/** Deletes the session; its slots, delegates and bookings go with it (ON DELETE CASCADE). */
export async function deleteSession(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('eventSessions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Bookings repeat their session's event id; a session moved to another event takes them along. */
export async function moveSessionBookingsToEvent(db: DB, sessionId: string, eventId: string): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ eventId, updatedAt: new Date().toISOString() })
    .where('sessionId', '=', sessionId)
    .execute();
}

export async function eventExists(db: DB, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
  return row !== undefined;
}
