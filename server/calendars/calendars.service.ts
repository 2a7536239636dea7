// Staff members' calendar connections: each staff member their own, admins anyone's (audited).
// Connecting checks the address (https, not a private network, not this site) and reads it once:
// a CalDAV account answers its calendars, a feed its events; a wrong password or a dead address is
// a field message, never stored. The answer never holds the password or the feed's address.
import type { z } from 'zod';
import type { CalendarConnectionRow } from '@db/schema';
import type { AuthUser } from '@server/identity/session.service';
import type { ServiceContext } from '@server/core/service-context';
import { ForbiddenError, invalidField, NotFoundError } from '@server/core/errors';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { findStaffMember } from '@server/consultations/consultations.repository';
import { discoverCalendars, type DiscoveredCalendar } from './caldav-client';
import { CalendarHttpError } from './calendar-http';
import { CALENDAR_WORDS, wordsOfFailure } from './calendar-errors';
import { encryptSecret, secretKeyOf } from './calendar-secrets';
import { calendarFetchOf, readConnectionBusy, refreshConnection, refreshIfFree, refreshWindow } from './calendar-refresh.service';
import { isTrusted } from './calendar-busy.service';
import { clearOtherWriteCalendars, connectionsOf, deleteConnectionRow, findConnection, insertConnection, replaceBusy, updateConnectionRow } from './calendars.repository';
import type { calendarByIdInput, calendarListInput, connectCalDavInput, connectFeedInput, updateCalendarInput } from './calendars.schemas';

const NOT_YOUR_CALENDARS = 'api.calendars.notYours';
const CONNECTION_NOT_FOUND = 'api.calendars.connectionNotFound';
const NOT_ITS_CALENDARS = 'api.calendars.notItsCalendars';

type Caller = Pick<AuthUser, 'id' | 'name' | 'email' | 'role'>;
type CalendarContext = Pick<ServiceContext, 'db' | 'config' | 'ip' | 'actorName'> & { user: Caller | null };

/** What the back office sees of a connection: its health, never its secret. */
export interface CalendarConnectionDto {
  id: string;
  userId: string;
  kind: CalendarConnectionRow['kind'];
  name: string;
  /** CalDAV: the server's address; a feed: its host only. */
  serverUrl: string;
  username: string | null;
  calendars: DiscoveredCalendar[];
  busyCalendars: string[];
  writeCalendar: string | null;
  lastOkAt: string | null;
  lastAttemptAt: string | null;
  /** Why the last read failed, in words; null when it worked. */
  error: string | null;
  failingSince: string | null;
  /** ok; failing (its last busy times still used); unknown (not read for a day: the consultant's times are hidden). */
  state: 'ok' | 'failing' | 'unknown';
}

function toDto(row: CalendarConnectionRow, now = Date.now()): CalendarConnectionDto {
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind,
    name: row.name,
    serverUrl: row.serverUrl,
    username: row.username,
    calendars: JSON.parse(row.calendars) as DiscoveredCalendar[],
    busyCalendars: JSON.parse(row.busyCalendars) as string[],
    writeCalendar: row.writeCalendar,
    lastOkAt: row.lastOkAt,
    lastAttemptAt: row.lastAttemptAt,
    error: row.error,
    failingSince: row.failingSince,
    state: !isTrusted(row, now) ? 'unknown' : row.error === null ? 'ok' : 'failing',
  };
}

function requireCaller(ctx: CalendarContext): Caller {
  if (ctx.user === null) throw new ForbiddenError(NOT_YOUR_CALENDARS);
  return ctx.user;
}

async function whose(ctx: CalendarContext, userId: string | undefined): Promise<string> {
  const caller = requireCaller(ctx);
  const target = userId ?? caller.id;
  if (target !== caller.id && caller.role !== 'admin') throw new ForbiddenError(NOT_YOUR_CALENDARS);
  if ((await findStaffMember(ctx.db, target)) === undefined) throw new NotFoundError('api.consultations.staffNotFound');
  return target;
}

async function ownedConnection(ctx: CalendarContext, id: string): Promise<CalendarConnectionRow> {
  const caller = requireCaller(ctx);
  const row = await findConnection(ctx.db, id);
  // Another's connection is as good as missing to a user: its existence is not theirs to learn.
  if (row === undefined || (row.userId !== caller.id && caller.role !== 'admin')) throw new NotFoundError(CONNECTION_NOT_FOUND);
  return row;
}

export async function listCalendarConnections(ctx: CalendarContext, input: z.output<typeof calendarListInput>): Promise<CalendarConnectionDto[]> {
  const target = await whose(ctx, input.userId);
  return (await connectionsOf(ctx.db, target)).map((row) => toDto(row));
}

function fieldOfHttpFailure(error: CalendarHttpError, field: string): never {
  throw invalidField(field, error.said);
}

export async function connectCalDav(ctx: CalendarContext, input: z.output<typeof connectCalDavInput>): Promise<CalendarConnectionDto> {
  const target = await whose(ctx, input.userId);
  const account = { serverUrl: input.serverUrl, username: input.username, password: input.password };
  let calendars: DiscoveredCalendar[];
  try {
    calendars = await discoverCalendars(account, calendarFetchOf(ctx.config));
  } catch (error) {
    if (error instanceof CalendarHttpError) fieldOfHttpFailure(error, 'serverUrl');
    const words = wordsOfFailure(error);
    throw invalidField(words.key === CALENDAR_WORDS.passwordRefused.key ? 'password' : 'serverUrl', words);
  }
  const host = new URL(input.serverUrl).host;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertConnection(trx, {
      userId: target,
      kind: 'caldav',
      name: `${input.username} on ${host}`,
      serverUrl: input.serverUrl,
      username: input.username,
      secret: encryptSecret(secretKeyOf(ctx.config), input.password),
      calendars: JSON.stringify(calendars),
      // Every calendar counts as busy until the consultant says otherwise: the safe side.
      busyCalendars: JSON.stringify(calendars.map((calendar) => calendar.url)),
    });
    await recordAudit(trx, actorOf(ctx), { action: 'create', entity: 'calendar-connection', entityId: inserted.id, summary: `CalDAV ${inserted.name}` });
    return inserted;
  });
  return toDto(await refreshConnection(ctx, row, new Date()));
}

export async function connectFeed(ctx: CalendarContext, input: z.output<typeof connectFeedInput>): Promise<CalendarConnectionDto> {
  const target = await whose(ctx, input.userId);
  const now = new Date();
  const window = await refreshWindow(ctx.db, target, now.getTime());
  const secret = encryptSecret(secretKeyOf(ctx.config), input.url);
  let busy;
  try {
    busy = await readConnectionBusy(ctx.config, { kind: 'feed', secret, busyCalendars: '[]', serverUrl: '', username: null } as CalendarConnectionRow, window);
  } catch (error) {
    throw invalidField('url', wordsOfFailure(error));
  }
  const nowIso = now.toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertConnection(trx, {
      userId: target,
      kind: 'feed',
      name: input.name,
      serverUrl: new URL(input.url).origin,
      username: null,
      secret,
      lastOkAt: nowIso,
      lastAttemptAt: nowIso,
      nextRefreshAt: new Date(now.getTime() + ctx.config.calendars.refreshMs).toISOString(),
    });
    await replaceBusy(trx, inserted.id, target, busy);
    await recordAudit(trx, actorOf(ctx), { action: 'create', entity: 'calendar-connection', entityId: inserted.id, summary: `Feed ${inserted.name}` });
    return inserted;
  });
  return toDto(row);
}

export async function updateCalendarConnection(ctx: CalendarContext, input: z.output<typeof updateCalendarInput>): Promise<CalendarConnectionDto> {
  const current = await ownedConnection(ctx, input.id);
  const known = new Set((JSON.parse(current.calendars) as DiscoveredCalendar[]).map((calendar) => calendar.url));
  const busy = [...new Set(input.busyCalendars)];
  if (current.kind === 'feed' && busy.length > 0) throw invalidField('busyCalendars', NOT_ITS_CALENDARS);
  if (busy.some((url) => !known.has(url))) throw invalidField('busyCalendars', NOT_ITS_CALENDARS);
  const writeCalendar = input.writeCalendar ?? null;
  if (writeCalendar !== null && current.kind === 'feed') throw invalidField('writeCalendar', 'api.calendars.feedReadOnly');
  if (writeCalendar !== null && !known.has(writeCalendar)) throw invalidField('writeCalendar', NOT_ITS_CALENDARS);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await updateConnectionRow(trx, current.id, { busyCalendars: JSON.stringify(busy), writeCalendar });
    if (updated === undefined) throw new NotFoundError(CONNECTION_NOT_FOUND);
    if (writeCalendar !== null) await clearOtherWriteCalendars(trx, current.userId, current.id);
    await recordAudit(trx, actorOf(ctx), { action: 'update', entity: 'calendar-connection', entityId: current.id, summary: `${current.name}: ${busy.length} busy calendars, ${writeCalendar === null ? 'no' : 'one'} calendar written to` });
    return updated;
  });
  // The calendars that count changed: read them at once.
  return toDto((await refreshIfFree(ctx, row.id, new Date())) ?? row);
}

export async function refreshCalendarConnection(ctx: CalendarContext, input: z.output<typeof calendarByIdInput>): Promise<CalendarConnectionDto> {
  const current = await ownedConnection(ctx, input.id);
  // Another instance reading it right now: its answer is as fresh as ours would be.
  return toDto((await refreshIfFree(ctx, current.id, new Date())) ?? current);
}

export async function removeCalendarConnection(ctx: CalendarContext, input: z.output<typeof calendarByIdInput>): Promise<void> {
  const current = await ownedConnection(ctx, input.id);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteConnectionRow(trx, current.id);
    await recordAudit(trx, actorOf(ctx), { action: 'delete', entity: 'calendar-connection', entityId: current.id, summary: current.name });
  });
}
