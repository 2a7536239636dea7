// Consultations written into the consultant's chosen CalDAV calendar, with the UID of the
// visitor's .ics: put when booked or moved (the same event, a higher SEQUENCE), deleted when
// cancelled or moved to a colleague. The change's transaction records what to write (like the
// e-mail outbox); the scheduler does it, retrying after 1, 5 and 15 minutes and then hourly for a
// day, and the consultation's row in the back office shows how it went. The event carries no
// ATTENDEE or METHOD: the consultant's server must not send the visitor invitations of its own.
import type { DB } from '@db/database';
import type { CalendarWriteRow, ConsultationRow } from '@db/schema';
import type { ServiceDeps } from '@server/core/deps';
import { findConsultation, findConsultationType, findStaffMember } from '@server/consultations/consultations.repository';
import { consultationUid, typeTitleIn, whereText } from '@server/consultations/consultation-messages';
import { loadOutboxSite } from '@server/email/enqueue.service';
import { wordsIn } from '@server/email/messages';
import { buildIcs } from '@server/shared/ics';
import { deleteEvent, putEvent } from './caldav-client';
import { calendarFetchOf, secretOf } from './calendar-refresh.service';
import { wordsOfFailure } from './calendar-errors';
import { dropPendingWrites, dueWrites, finishWrite, findConnection, insertWrite, leaseWrite, writeTargetOf, writtenObjectsOf } from './calendars.repository';
import { englishOf } from '@server/shared/i18n/catalogs';
import { message } from '@server/shared/i18n/message';

const RETRY_MINUTES = [1, 5, 15];
const GIVE_UP_MS = 24 * 3_600_000;
const CONNECTION_REMOVED = englishOf(message('api.calendars.connectionRemoved'));

function objectUrlOf(calendarUrl: string, consultationId: string): string {
  return `${calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`}consultation-${consultationId}.ics`;
}

/** In the transaction of a booking, move or cancellation: what the consultant's calendar must now hold. */
export async function enqueueCalendarWrites(trx: DB, consultation: ConsultationRow): Promise<void> {
  await dropPendingWrites(trx, consultation.id);
  const written = await writtenObjectsOf(trx, consultation.id);
  const target = consultation.status === 'booked' ? await writeTargetOf(trx, consultation.consultantId) : undefined;
  const targetUrl = target?.writeCalendar === null || target?.writeCalendar === undefined ? null : objectUrlOf(target.writeCalendar, consultation.id);
  for (const object of written) {
    if (object.objectUrl !== targetUrl) await insertWrite(trx, { consultationId: consultation.id, connectionId: object.connectionId, objectUrl: object.objectUrl, action: 'delete' });
  }
  if (target !== undefined && targetUrl !== null) await insertWrite(trx, { consultationId: consultation.id, connectionId: target.id, objectUrl: targetUrl, action: 'put' });
}

/** The event as the consultant's calendar keeps it: the visitor's UID and times, the visitor's details to read. */
async function eventOf(deps: Pick<ServiceDeps, 'db' | 'config'>, consultation: ConsultationRow): Promise<string> {
  const [type, consultant, site] = await Promise.all([findConsultationType(deps.db, consultation.typeId), findStaffMember(deps.db, consultation.consultantId), loadOutboxSite(deps.db, deps.config.publicOrigin)]);
  if (type === undefined || consultant === undefined) throw new Error('consultation without its type or consultant');
  const words = wordsIn(consultant.language);
  const { t } = words;
  const where = whereText(type, consultant, consultation.visitorPhone, words, consultation.meetingUrl);
  const lines = [
    `${t('email.consultation.notice.visitor')}: ${consultation.visitorName} <${consultation.visitorEmail}>`,
    `${t('email.admin.phone')}: ${consultation.visitorPhone ?? t('email.admin.notGiven')}`,
    `${t('email.admin.company')}: ${consultation.visitorCompany ?? t('email.admin.notGiven')}`,
    `${t('email.consultation.notice.message')}: ${consultation.message ?? t('email.consultation.notice.none')}`,
  ];
  return buildIcs({
    method: null,
    uid: consultationUid(consultation.id, site.host),
    sequence: consultation.icsSequence,
    stamp: new Date().toISOString(),
    start: consultation.startsAt,
    end: consultation.endsAt,
    summary: `${typeTitleIn(type, words.language)}: ${consultation.visitorName}`,
    description: lines.join('\n'),
    location: where,
    url: consultation.meetingUrl,
    status: 'CONFIRMED',
    productOwner: site.host,
    organizer: null,
    attendee: null,
  });
}

async function attempt(deps: Pick<ServiceDeps, 'db' | 'config'>, write: CalendarWriteRow): Promise<void> {
  const connection = write.connectionId === null ? undefined : await findConnection(deps.db, write.connectionId);
  if (connection === undefined) throw new Error(CONNECTION_REMOVED);
  const account = { serverUrl: connection.serverUrl, username: connection.username ?? '', password: secretOf(deps.config, connection) };
  const fetch = calendarFetchOf(deps.config);
  if (write.action === 'delete') return deleteEvent(account, write.objectUrl, fetch);
  const consultation = await findConsultation(deps.db, write.consultationId);
  if (consultation === undefined) return;
  await putEvent(account, write.objectUrl, await eventOf(deps, consultation), fetch);
}

/** The scheduler's part: every due write, one at a time; answers how many were done. */
export async function processDueCalendarWrites(deps: Pick<ServiceDeps, 'db' | 'config'>, at: Date): Promise<number> {
  const due = await dueWrites(deps.db, at.toISOString(), 50);
  let done = 0;
  for (const write of due) {
    const lease = new Date(at.getTime() + 10 * deps.config.calendars.timeoutMs + 60_000).toISOString();
    if (!(await leaseWrite(deps.db, write.id, write.nextAttemptAt, lease))) continue;
    const attempts = write.attempts + 1;
    try {
      await attempt(deps, write);
      await finishWrite(deps.db, write.id, { status: 'done', attempts, nextAttemptAt: at.toISOString(), lastError: null });
      done += 1;
    } catch (error) {
      const words = error instanceof Error && error.message === CONNECTION_REMOVED ? CONNECTION_REMOVED : englishOf(wordsOfFailure(error));
      const waitMs = (RETRY_MINUTES[attempts - 1] ?? 60) * 60_000;
      const givingUp = error instanceof Error && error.message === CONNECTION_REMOVED ? true : at.getTime() + waitMs - Date.parse(write.createdAt) > GIVE_UP_MS;
      await finishWrite(deps.db, write.id, { status: givingUp ? 'failed' : 'pending', attempts, nextAttemptAt: new Date(at.getTime() + waitMs).toISOString(), lastError: words });
    }
  }
  return done;
}

/** How a consultation's latest write went, as its row in the back office says it. */
export interface CalendarWriteState {
  state: 'pending' | 'written' | 'removed' | 'failed';
  attempts: number;
  error: string | null;
}

export function writeStateOf(write: Pick<CalendarWriteRow, 'action' | 'status' | 'attempts' | 'lastError'> | undefined): CalendarWriteState | null {
  if (write === undefined) return null;
  const state = write.status === 'pending' ? 'pending' : write.status === 'failed' ? 'failed' : write.action === 'put' ? 'written' : 'removed';
  return { state, attempts: write.attempts, error: write.lastError };
}
