// Talking to a CalDAV server (RFC 4791) through the guarded fetch: discovering an account's
// calendars (tsdav), reading busy times (a free-busy-query, RFC 4791 7.10, and when the server does
// not answer one with iCalendar, a calendar-query whose events are expanded here), and writing a
// consultation's event with PUT and DELETE.
import { calendarQuery, createAccount, fetchCalendars } from 'tsdav';
import { type BusyInterval, type BusyWindow, busyFromIcs, isFreeBusyAnswer, mergeIntervals } from './calendar-ics';
import { CALENDAR_WORDS, CalendarReadError, wordsOfStatus } from './calendar-errors';
import { CalendarHttpError } from './calendar-http';

export type CalendarFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface CalDavAccount {
  serverUrl: string;
  username: string;
  password: string;
}

export interface DiscoveredCalendar {
  url: string;
  name: string;
}

function authHeaders(account: CalDavAccount): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`, 'utf8').toString('base64')}` };
}

function icsTime(instant: number): string {
  return `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The server must know the account before tsdav looks around: its answer tells a wrong password from no server. */
async function checkAccount(account: CalDavAccount, fetch: CalendarFetch): Promise<void> {
  const response = await fetch(account.serverUrl, {
    method: 'PROPFIND',
    headers: { ...authHeaders(account), depth: '0', 'content-type': 'application/xml; charset=utf-8' },
    body: '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>',
  });
  await response.arrayBuffer();
  if (response.status === 401 || response.status === 403) throw new CalendarReadError(wordsOfStatus(response.status, 'caldav'));
  if (response.status !== 207 && !response.ok) throw new CalendarReadError(CALENDAR_WORDS.noCalDav);
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && '_cdata' in value && typeof value._cdata === 'string') return value._cdata;
  if (typeof value === 'object' && value !== null && '_text' in value && typeof value._text === 'string') return value._text;
  return undefined;
}

/** The account's event calendars, by name. Throws CalendarReadError (or CalendarHttpError) in words. */
export async function discoverCalendars(account: CalDavAccount, fetch: CalendarFetch): Promise<DiscoveredCalendar[]> {
  await checkAccount(account, fetch);
  const headers = authHeaders(account);
  let calendars;
  try {
    const found = await createAccount({ account: { serverUrl: account.serverUrl, accountType: 'caldav' }, headers, fetch });
    calendars = await fetchCalendars({ account: found, headers, fetch });
  } catch (error) {
    if (error instanceof CalendarHttpError) throw error;
    throw new CalendarReadError(CALENDAR_WORDS.noCalDav);
  }
  return calendars
    .filter((calendar) => calendar.components === undefined || calendar.components.length === 0 || calendar.components.includes('VEVENT'))
    .map((calendar) => ({ url: calendar.url, name: textOf(calendar.displayName)?.trim() || new URL(calendar.url).pathname.split('/').filter(Boolean).at(-1) || calendar.url }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function freeBusy(account: CalDavAccount, calendarUrl: string, window: BusyWindow, fetch: CalendarFetch): Promise<BusyInterval[] | null> {
  const response = await fetch(calendarUrl, {
    method: 'REPORT',
    headers: { ...authHeaders(account), depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?><C:free-busy-query xmlns:C="urn:ietf:params:xml:ns:caldav"><C:time-range start="${icsTime(window.from)}" end="${icsTime(window.to)}"/></C:free-busy-query>`,
  });
  const text = await response.text();
  if (response.status === 401 || response.status === 403 || response.status === 404 || response.status === 410) throw new CalendarReadError(wordsOfStatus(response.status, 'caldav'));
  // Anything but an iCalendar answer (a multistatus, an error): the server does not do free-busy.
  if (!response.ok || !(response.headers.get('content-type') ?? '').toLowerCase().includes('text/calendar') || !isFreeBusyAnswer(text)) return null;
  return busyFromIcs(text, window);
}

async function eventsBusy(account: CalDavAccount, calendarUrl: string, window: BusyWindow, fetch: CalendarFetch): Promise<BusyInterval[]> {
  const range = { _attributes: { start: icsTime(window.from), end: icsTime(window.to) } };
  const answers = await calendarQuery({
    url: calendarUrl,
    props: { 'c:calendar-data': {} },
    filters: { 'c:comp-filter': { _attributes: { name: 'VCALENDAR' }, 'c:comp-filter': { _attributes: { name: 'VEVENT' }, 'c:time-range': range } } },
    depth: '1',
    headers: authHeaders(account),
    fetch,
  });
  const failed = answers.find((answer) => !answer.ok && answer.props === undefined);
  if (failed !== undefined) throw new CalendarReadError(wordsOfStatus(failed.status ?? 500, 'caldav'));
  const busy: BusyInterval[] = [];
  for (const answer of answers) {
    const data = textOf(answer.props?.calendarData);
    if (data !== undefined && data.trim() !== '') busy.push(...busyFromIcs(data, window));
  }
  return busy;
}

/** Busy times of the chosen calendars in the window: free-busy where the server answers it, else the events. */
export async function calDavBusy(account: CalDavAccount, calendarUrls: readonly string[], window: BusyWindow, fetch: CalendarFetch): Promise<BusyInterval[]> {
  const all: BusyInterval[] = [];
  for (const url of calendarUrls) {
    all.push(...((await freeBusy(account, url, window, fetch)) ?? (await eventsBusy(account, url, window, fetch))));
  }
  return mergeIntervals(all);
}

/** Creates or replaces the event at `objectUrl`. */
export async function putEvent(account: CalDavAccount, objectUrl: string, ics: string, fetch: CalendarFetch): Promise<void> {
  const response = await fetch(objectUrl, { method: 'PUT', headers: { ...authHeaders(account), 'content-type': 'text/calendar; charset=utf-8' }, body: ics });
  await response.arrayBuffer();
  if (!response.ok) throw new CalendarReadError(wordsOfStatus(response.status, 'caldav'));
}

/** Deletes the event at `objectUrl`; one already gone is fine. */
export async function deleteEvent(account: CalDavAccount, objectUrl: string, fetch: CalendarFetch): Promise<void> {
  const response = await fetch(objectUrl, { method: 'DELETE', headers: authHeaders(account) });
  await response.arrayBuffer();
  if (!response.ok && response.status !== 404 && response.status !== 410) throw new CalendarReadError(wordsOfStatus(response.status, 'caldav'));
}
