// Consultation reminders, run by the scheduler beside the event-booking ones: a booked
// consultation starting within the site's reminder window gets one reminder per start time (a
// claim keyed by id and start, so a move earns a new one and two instances write it once), with a
// fresh manage link and the unchanged calendar entry.
import type { DB } from '@db/database';
import { dueConsultationReminders, findConsultation, findConsultationType, findStaffMember, updateConsultationRow } from './consultations.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import type { ServiceDeps } from '@server/core/deps';
import { claimOnce } from '@server/scheduler/claims.repository';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { renderMessage } from '@server/shared/email-layout';
import { newManageToken } from '@server/email/manage-token';
import { signedBy, wordsIn } from '@server/email/messages';
import { consultationCalendar, typeTitleIn, visitorDetails, visitorLink } from './consultation-messages';

const HOUR_MS = 3_600_000;

export async function sendDueConsultationReminders(deps: ServiceDeps, now: Date): Promise<number> {
  const { db } = deps;
  const { reminderHours } = await getSystemSettings(db);
  if (reminderHours === 0) return 0;
  const windowMs = reminderHours * HOUR_MS;
  const nowIso = now.toISOString();
  const due = await dueConsultationReminders(db, nowIso, new Date(now.getTime() + windowMs).toISOString());
  let written = 0;
  for (const candidate of due) {
    // Booked or moved inside the window: its confirmation has just gone out.
    if (Date.parse(candidate.updatedAt) >= Date.parse(candidate.startsAt) - windowMs) continue;
    const wrote = await db.transaction().execute((trx) => remind(trx, deps.config.publicOrigin, candidate.id, candidate.startsAt, now));
    if (wrote) written += 1;
  }
  return written;
}

async function remind(trx: DB, publicOrigin: string, id: string, startsAt: string, now: Date): Promise<boolean> {
  if (!(await claimOnce(trx, `consultation-reminder:${id}:${startsAt}`, now.toISOString()))) return false;
  const current = await findConsultation(trx, id);
  if (current === undefined || current.status !== 'booked') return false;
  const [type, consultant] = await Promise.all([findConsultationType(trx, current.typeId), findStaffMember(trx, current.consultantId)]);
  if (type === undefined || consultant === undefined) return false;
  const fresh = newManageToken();
  // Only the link changes; the claim above, not updatedAt, keeps the reminder to one per start time.
  await updateConsultationRow(trx, id, { manageTokenHash: fresh.hash });
  const site = await loadOutboxSite(trx, publicOrigin);
  // In the language it was booked in, like every message to the visitor.
  const words = wordsIn(current.language);
  const facts = { consultation: current, type, consultant };
  const rendered = renderMessage({
    subject: words.t('email.consultation.reminder.subject', { siteName: site.siteName, type: typeTitleIn(type, words.language), consultant: consultant.name }),
    ...signedBy(site),
    greeting: words.t('email.greeting', { name: current.visitorName }),
    paragraphs: [words.t('email.consultation.reminder.text')],
    details: visitorDetails(facts, words),
    ...visitorLink(site, current, fresh.token, true, words),
    language: words.language,
  });
  const ics = consultationCalendar(site, facts, false, now);
  await enqueueMessage(trx, site, { kind: 'consultation-reminder', to: current.visitorEmail, rendered, ics, bookingId: null }, now);
  return true;
}
