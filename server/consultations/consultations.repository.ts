// Consultation types, their staff, staff hours and consultations: rows in and out, one query per
// kind of input (the free-time computation reads hours, overrides and busy spans for all the
// consultants of a type at once).
import { sql } from 'kysely';
import type { DB } from '@db/database';
import { isPostgres } from '@db/postgres';
import type { ConsultationRow, ConsultationStatus, ConsultationTypeRow, Database } from '@db/schema';
import type { Insertable, Updateable } from 'kysely';
import { newId } from '@server/core/ids';
import type { Translations } from '@server/shared/i18n/translations.schemas';
import { readTitleTranslations, type TitleTexts } from '@server/core/stored-json';

/** A span of a day in minutes from midnight, in the site's time zone: staff hours and overrides. */
export interface MinuteRange {
  startMinute: number;
  endMinute: number;
}

export type ConsultationTypeValues = Omit<Insertable<Database['consultationTypes']>, 'id' | 'createdAt' | 'updatedAt'>;

/** What a visitor may know of a type: no staff addresses, the consultants' names only when they may pick. */
export interface PublicConsultationType {
  id: string;
  title: string;
  description: string | null;
  /** The title and description in the other languages; a blank or missing one shows the English. */
  translations: Translations<TitleTexts>;
  durationMinutes: number;
  locationKind: ConsultationTypeRow['locationKind'];
  allowPickConsultant: boolean;
  consultants: { id: string; name: string }[];
}

export type ConsultationTypeDto = Omit<ConsultationTypeRow, 'isActive' | 'allowPickConsultant' | 'translations'> & {
  translations: Translations<TitleTexts>;
  isActive: boolean;
  allowPickConsultant: boolean;
  staffIds: string[];
};

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  timeZone: string | null;
  /** The language of their notices (a profile setting). */
  language: string;
}

export function findConsultationType(db: DB, id: string): Promise<ConsultationTypeRow | undefined> {
  return db.selectFrom('consultationTypes').selectAll().where('id', '=', id).executeTakeFirst();
}

async function staffIdsByType(db: DB, typeIds: string[]): Promise<Map<string, string[]>> {
  const byType = new Map<string, string[]>();
  if (typeIds.length === 0) return byType;
  const rows = await db
    .selectFrom('consultationTypeStaff')
    .innerJoin('users', 'users.id', 'consultationTypeStaff.userId')
    .select(['consultationTypeStaff.typeId', 'users.id', 'users.name'])
    .where('consultationTypeStaff.typeId', 'in', typeIds)
    .orderBy('users.name')
    .execute();
  for (const row of rows) byType.set(row.typeId, [...(byType.get(row.typeId) ?? []), row.id]);
  return byType;
}

function toTypeDto(row: ConsultationTypeRow, staffIds: string[]): ConsultationTypeDto {
  return {
    ...row,
    translations: readTitleTranslations(`translations of consultation type ${row.id}`, row.translations),
    isActive: row.isActive === 1,
    allowPickConsultant: row.allowPickConsultant === 1,
    staffIds,
  };
}

export async function listConsultationTypes(db: DB): Promise<ConsultationTypeDto[]> {
  const rows = await db.selectFrom('consultationTypes').selectAll().orderBy('title').orderBy('id').execute();
  const staff = await staffIdsByType(db, rows.map((row) => row.id));
  return rows.map((row) => toTypeDto(row, staff.get(row.id) ?? []));
}

export async function findConsultationTypeDto(db: DB, id: string): Promise<ConsultationTypeDto | undefined> {
  const row = await findConsultationType(db, id);
  if (row === undefined) return undefined;
  return toTypeDto(row, (await staffIdsByType(db, [id])).get(id) ?? []);
}

export async function listActiveConsultationTypes(db: DB): Promise<PublicConsultationType[]> {
  const rows = await db
    .selectFrom('consultationTypes')
    .select(['id', 'title', 'description', 'translations', 'durationMinutes', 'locationKind', 'allowPickConsultant'])
    .where('isActive', '=', 1)
    .orderBy('title')
    .orderBy('id')
    .execute();
  const ids = rows.map((row) => row.id);
  const staff =
    ids.length === 0
      ? []
      : await db
          .selectFrom('consultationTypeStaff')
          .innerJoin('users', 'users.id', 'consultationTypeStaff.userId')
          .select(['consultationTypeStaff.typeId', 'users.id', 'users.name'])
          .where('consultationTypeStaff.typeId', 'in', ids)
          .orderBy('users.name')
          .execute();
  return rows
    .map((row) => {
      const mine = staff.filter((member) => member.typeId === row.id);
      const allowPickConsultant = row.allowPickConsultant === 1;
      return {
        ...row,
        translations: readTitleTranslations(`translations of consultation type ${row.id}`, row.translations),
        allowPickConsultant,
        consultants: allowPickConsultant ? mine.map(({ id, name }) => ({ id, name })) : [],
        staffed: mine.length > 0,
      };
    })
    .filter((row) => row.staffed)
    .map(({ staffed: _staffed, ...type }) => type);
}

export async function insertConsultationType(db: DB, values: ConsultationTypeValues): Promise<ConsultationTypeRow> {
  return db.insertInto('consultationTypes').values({ id: newId(), ...values }).returningAll().executeTakeFirstOrThrow();
}

export function updateConsultationTypeRow(db: DB, id: string, values: Updateable<Database['consultationTypes']>): Promise<ConsultationTypeRow | undefined> {
  return db
    .updateTable('consultationTypes')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function replaceTypeStaff(db: DB, typeId: string, userIds: string[]): Promise<void> {
  await db.deleteFrom('consultationTypeStaff').where('typeId', '=', typeId).execute();
  if (userIds.length > 0) await db.insertInto('consultationTypeStaff').values(userIds.map((userId) => ({ typeId, userId }))).execute();
}

export async function deleteConsultationTypeRow(db: DB, id: string): Promise<void> {
  await db.deleteFrom('consultationTypes').where('id', '=', id).execute();
}

export async function countConsultationsOfType(db: DB, typeId: string): Promise<number> {
  const row = await db.selectFrom('consultations').select((eb) => eb.fn.countAll<number>().as('count')).where('typeId', '=', typeId).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countExistingUsers(db: DB, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The staff who take a type, by name. */
export function staffOfType(db: DB, typeId: string): Promise<StaffMember[]> {
  return db
    .selectFrom('consultationTypeStaff')
    .innerJoin('users', 'users.id', 'consultationTypeStaff.userId')
    .select(['users.id', 'users.name', 'users.email', 'users.timeZone', 'users.language'])
    .where('consultationTypeStaff.typeId', '=', typeId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

export function findStaffMember(db: DB, id: string): Promise<StaffMember | undefined> {
  return db.selectFrom('users').select(['id', 'name', 'email', 'timeZone', 'language']).where('id', '=', id).executeTakeFirst();
}

/**
 * Holds the consultants' rows until the transaction ends (PostgreSQL, SELECT ... FOR UPDATE, in id
 * order so two bookings never wait for each other): the re-check of a time and the insert that
 * follows are then serial per consultant across instances. SQLite's write transactions already are.
 */
export async function lockConsultants(trx: DB, ids: string[]): Promise<void> {
  if (!isPostgres(trx) || ids.length === 0) return;
  await trx.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

export async function weeklyHoursOf(db: DB, userIds: string[]): Promise<{ userId: string; weekday: number; startMinute: number; endMinute: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('availabilityWeekly')
    .select(['userId', 'weekday', 'startMinute', 'endMinute'])
    .where('userId', 'in', userIds)
    .orderBy('userId')
    .orderBy('weekday')
    .orderBy('startMinute')
    .execute();
}

export async function overridesOf(
  db: DB,
  userIds: string[],
  range?: { fromDate: string; toDate: string },
): Promise<{ userId: string; date: string; startMinute: number | null; endMinute: number | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('availabilityOverrides')
    .select(['userId', 'date', 'startMinute', 'endMinute'])
    .where('userId', 'in', userIds)
    .$if(range !== undefined, (query) => query.where('date', '>=', range?.fromDate ?? '').where('date', '<=', range?.toDate ?? ''))
    .orderBy('userId')
    .orderBy('date')
    .orderBy('startMinute')
    .execute();
}

export async function replaceAvailability(
  db: DB,
  userId: string,
  timeZone: string,
  weekly: (MinuteRange & { weekday: number })[],
  overrides: { date: string; ranges: MinuteRange[] }[],
): Promise<void> {
  await db.updateTable('users').set({ timeZone, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute();
  await db.deleteFrom('availabilityWeekly').where('userId', '=', userId).execute();
  await db.deleteFrom('availabilityOverrides').where('userId', '=', userId).execute();
  if (weekly.length > 0) await db.insertInto('availabilityWeekly').values(weekly.map((range) => ({ id: newId(), userId, ...range }))).execute();
  const overrideRows = overrides.flatMap(({ date, ranges }): Insertable<Database['availabilityOverrides']>[] =>
    ranges.length === 0
      ? [{ id: newId(), userId, date, startMinute: null, endMinute: null }]
      : ranges.map((range) => ({ id: newId(), userId, date, ...range })),
  );
  if (overrideRows.length > 0) await db.insertInto('availabilityOverrides').values(overrideRows).execute();
}

/** The live consultations of `userIds` whose blocked span meets [from, to). */
export async function busySpansOf(
  db: DB,
  userIds: string[],
  from: string,
  to: string,
  excludeId?: string,
): Promise<{ id: string; consultantId: string; startsAt: string; blockedFrom: string; blockedUntil: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('consultations')
    .select(['id', 'consultantId', 'startsAt', 'blockedFrom', 'blockedUntil'])
    .where('consultantId', 'in', userIds)
    .where('status', '=', 'booked')
    // blocked_from is indexed with the consultant; a span starts at most a day before it meets the window.
    .where('blockedFrom', '>=', new Date(Date.parse(from) - 86_400_000).toISOString())
    .where('blockedFrom', '<', to)
    .where('blockedUntil', '>', from)
    .$if(excludeId !== undefined, (query) => query.where('id', '!=', excludeId ?? ''))
    .execute();
}

/** Live consultations per consultant starting in [from, to): the assignment takes the least busy. */
export async function countBookedBetween(db: DB, userIds: string[], from: string, to: string): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('consultations')
    .select(['consultantId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('consultantId', 'in', userIds)
    .where('status', '=', 'booked')
    .where('blockedFrom', '>=', new Date(Date.parse(from) - 86_400_000).toISOString())
    .where('startsAt', '>=', from)
    .where('startsAt', '<', to)
    .groupBy('consultantId')
    .execute();
  return new Map(rows.map((row) => [row.consultantId, Number(row.count)]));
}

export async function insertConsultation(db: DB, values: Omit<Insertable<Database['consultations']>, 'id'>): Promise<ConsultationRow> {
  return db.insertInto('consultations').values({ id: newId(), ...values }).returningAll().executeTakeFirstOrThrow();
}

export function findConsultation(db: DB, id: string): Promise<ConsultationRow | undefined> {
  return db.selectFrom('consultations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findConsultationByTokenHash(db: DB, hash: string): Promise<ConsultationRow | undefined> {
  return db.selectFrom('consultations').selectAll().where('manageTokenHash', '=', hash).executeTakeFirst();
}

export function updateConsultationRow(db: DB, id: string, values: Updateable<Database['consultations']>): Promise<ConsultationRow | undefined> {
  return db
    .updateTable('consultations')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A consultation with the names a list row or a message shows. */
export interface ConsultationListItem {
  id: string;
  typeId: string;
  typeTitle: string;
  consultantId: string;
  consultantName: string;
  startsAt: string;
  endsAt: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string | null;
  visitorCompany: string | null;
  message: string | null;
  status: ConsultationStatus;
  createdAt: string;
  partner: string | null;
}

export interface ConsultationListFilters {
  when: 'upcoming' | 'past';
  consultantId?: string | undefined;
  typeId?: string | undefined;
  status?: ConsultationStatus | undefined;
  partner?: string | undefined;
  search?: string | undefined;
  now: string;
}

function listQuery(db: DB, filters: ConsultationListFilters) {
  const pattern = filters.search === undefined ? undefined : `%${filters.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .selectFrom('consultations')
    .innerJoin('consultationTypes', 'consultationTypes.id', 'consultations.typeId')
    .innerJoin('users', 'users.id', 'consultations.consultantId')
    .$if(filters.when === 'upcoming', (query) => query.where('consultations.endsAt', '>', filters.now))
    .$if(filters.when === 'past', (query) => query.where('consultations.endsAt', '<=', filters.now))
    .$if(filters.consultantId !== undefined, (query) => query.where('consultations.consultantId', '=', filters.consultantId ?? ''))
    .$if(filters.typeId !== undefined, (query) => query.where('consultations.typeId', '=', filters.typeId ?? ''))
    .$if(filters.status !== undefined, (query) => query.where('consultations.status', '=', filters.status ?? 'booked'))
    // consultations_partner_idx (partner, starts_at).
    .$if(filters.partner !== undefined, (query) => query.where('consultations.partner', '=', filters.partner ?? ''))
    .$if(pattern !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['consultations.visitorName']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['consultations.visitorEmail']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['consultations.visitorCompany']), 'like', sql<string>`${pattern} escape '\\'`),
        ]),
      ),
    );
}

export async function listConsultations(
  db: DB,
  filters: ConsultationListFilters,
  page: { limit: number; offset: number },
): Promise<{ items: ConsultationListItem[]; total: number }> {
  const direction = filters.when === 'upcoming' ? 'asc' : 'desc';
  const [items, count] = await Promise.all([
    listQuery(db, filters)
      .select([
        'consultations.id',
        'consultations.typeId',
        'consultationTypes.title as typeTitle',
        'consultations.consultantId',
        'users.name as consultantName',
        'consultations.startsAt',
        'consultations.endsAt',
        'consultations.visitorName',
        'consultations.visitorEmail',
        'consultations.visitorPhone',
        'consultations.visitorCompany',
        'consultations.message',
        'consultations.status',
        'consultations.createdAt',
        'consultations.partner',
      ])
      .orderBy('consultations.startsAt', direction)
      .orderBy('consultations.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    listQuery(db, filters).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.count) };
}

/** Booked consultations starting in [from, before), for the back-office calendar (everyone's). */
export function listCalendarConsultations(db: DB, from: string, before: string, limit: number) {
  return db
    .selectFrom('consultations')
    .innerJoin('consultationTypes', 'consultationTypes.id', 'consultations.typeId')
    .innerJoin('users', 'users.id', 'consultations.consultantId')
    .select([
      'consultations.id',
      'consultations.startsAt',
      'consultations.endsAt',
      'consultationTypes.title as typeTitle',
      'users.name as consultantName',
      'consultations.consultantId',
      'consultations.visitorName',
    ])
    .where('consultations.status', '=', 'booked')
    .where('consultations.startsAt', '>=', from)
    .where('consultations.startsAt', '<', before)
    .orderBy('consultations.startsAt')
    .orderBy('consultations.id')
    .limit(limit)
    .execute();
}

/** Booked consultations starting in (after, until]: the reminder window (status and start index). */
export function dueConsultationReminders(db: DB, after: string, until: string) {
  return db
    .selectFrom('consultations')
    .select(['id', 'startsAt', 'updatedAt'])
    .where('status', '=', 'booked')
    .where('startsAt', '>', after)
    .where('startsAt', '<=', until)
    .execute();
}
