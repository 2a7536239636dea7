// Events: rows to API objects, and the queries behind the events router.
import type { EventTranslations } from './events.schemas';
import { z } from 'zod';
import type { DB } from '@db/database';
import { readStoredValue, readTitleTranslations } from '@server/core/stored-json';
import type { EventRow } from '@db/schema';
import { newId } from '@server/core/ids';
import type { Page } from '@server/shared/common.schemas';
import { matchesAny } from '@db/text-search';

/** An event as the API shows it: the row with its flag as a boolean and its benefits parsed from JSON. */
export type EventDto = Omit<EventRow, 'isActive' | 'benefits' | 'translations'> & {
  isActive: boolean;
  benefits: string[];
  translations: EventTranslations;
};

export interface EventValues {
  title: string;
  description: string | null;
  date: string | null;
  location: string | null;
  imageUrl: string;
  /** The image's focal point in percent; null: the centre; absent: an update keeps the stored one. */
  imageFocusX?: number | null | undefined;
  imageFocusY?: number | null | undefined;
  videoUrl: string | null;
  registrationLink: string | null;
  attendees: string | null;
  benefits: string[];
  isActive: boolean;
  displayOrder: number;
  translations: EventTranslations;
}

/** Damaged stored benefits read as none (the page shows the default ones), damaged translations as not translated; the log says which. */
export function toEventDto(row: EventRow): EventDto {
  return {
    ...row,
    benefits: readStoredValue(`benefits of event ${row.id}`, row.benefits, z.array(z.string()), []),
    isActive: row.isActive === 1,
    translations: readTitleTranslations(`translations of event ${row.id}`, row.translations),
  };
}

function toColumns(values: EventValues) {
  const { imageFocusX, imageFocusY, ...rest } = values;
  return {
    ...rest,
    // Both or neither (the schema): left out, the focal point is not written at all.
    ...(imageFocusX === undefined || imageFocusY === undefined ? {} : { imageFocusX, imageFocusY }),
    benefits: JSON.stringify(values.benefits),
    isActive: values.isActive ? 1 : 0,
    translations: JSON.stringify(values.translations),
  };
}

export async function listActiveEvents(db: DB, limit: number): Promise<EventDto[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('isActive', '=', 1)
    .orderBy('displayOrder')
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toEventDto);
}

/** Whether any event exists, active or not (the setup checklist's "first event"). */
export async function anyEventExists(db: DB): Promise<boolean> {
  return (await db.selectFrom('events').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function findEvent(db: DB, id: string): Promise<EventDto | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toEventDto(row);
}

export async function listEventsForAdmin(
  db: DB,
  filter: { search?: string | undefined; status: 'all' | 'active' | 'inactive'; page: number; pageSize: number },
): Promise<Page<EventDto>> {
  let query = db.selectFrom('events');
  if (filter.status !== 'all') query = query.where('isActive', '=', filter.status === 'active' ? 1 : 0);
  if (filter.search !== undefined) {
    query = query.where(matchesAny(db, ['events.title', 'events.location', 'events.description'], filter.search));
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('displayOrder')
      .orderBy('createdAt')
      .orderBy('id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toEventDto), total: Number(count.total) };
}

export async function insertEvent(db: DB, values: EventValues): Promise<EventDto> {
  const row = await db
    .insertInto('events')
    .values({ id: newId(), ...toColumns(values) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toEventDto(row);
}

export async function updateEvent(db: DB, id: string, values: EventValues): Promise<EventDto | undefined> {
  const row = await db
    .updateTable('events')
    .set({ ...toColumns(values), updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toEventDto(row);
}

export async function setEventActive(db: DB, id: string, isActive: boolean): Promise<EventDto | undefined> {
  const row = await db
    .updateTable('events')
    .set({ isActive: isActive ? 1 : 0, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toEventDto(row);
}

/** Deletes the event; its sessions, slots, delegates and bookings go with it (ON DELETE CASCADE). */
export async function deleteEvent(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('events').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Moves an event one place up or down. Events often share a display order (the default is 1), so
 * swapping two numbers would change nothing: the whole list is renumbered 1..n in its current
 * order with the two neighbours exchanged. Returns false when the event does not exist. Run it in
 * a transaction (the caller's: Kysely cannot open one inside another), so the renumbering is whole.
 */
export async function moveEvent(trx: DB, id: string, direction: 'up' | 'down'): Promise<boolean> {
  {
    const ordered = await trx
      .selectFrom('events')
      .select('id')
      .orderBy('displayOrder')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    const ids = ordered.map((row) => row.id);
    const index = ids.indexOf(id);
    if (index === -1) return false;
    const target = direction === 'up' ? index - 1 : index + 1;
    if (target < 0 || target >= ids.length) return true; // already first or last
    [ids[index], ids[target]] = [ids[target] as string, ids[index] as string];
    const now = new Date().toISOString();
    for (const [position, eventId] of ids.entries()) {
      await trx
        .updateTable('events')
        .set({ displayOrder: position + 1, updatedAt: now })
        .where('id', '=', eventId)
        .where('displayOrder', '<>', position + 1)
        .execute();
    }
    return true;
  }
}

