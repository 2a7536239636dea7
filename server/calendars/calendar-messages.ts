// The one e-mail a failing connection sends: to its owner and to the admins who receive system
// alerts, each in the language of their notices. Written in the transaction that records the failure.
import type { DB } from '@db/database';
import type { CalendarConnectionRow } from '@db/schema';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { signedBy, wordsIn } from '@server/email/messages';
import { renderMessage } from '@server/shared/email-layout';
import { formatDateTime } from '@server/shared/time';
import { failureRecipients } from './calendars.repository';

export async function enqueueFailureMessages(trx: DB, publicOrigin: string, connection: CalendarConnectionRow, error: string, now: Date): Promise<number> {
  const recipients = await failureRecipients(trx, connection.userId);
  const owner = recipients.find((person) => person.id === connection.userId);
  if (owner === undefined) return 0;
  const site = await loadOutboxSite(trx, publicOrigin);
  for (const person of recipients) {
    const { t, locale } = wordsIn(person.language);
    const names = { name: connection.name, owner: owner.name, error };
    await enqueueMessage(
      trx,
      site,
      {
        kind: 'calendar-failing',
        to: person.email,
        rendered: renderMessage({
          subject: t('email.calendarFailing.subject', names),
          ...signedBy(site),
          greeting: t('email.greeting', { name: person.name }),
          paragraphs: [t('email.calendarFailing.text', names)],
          details: [[t('email.calendarFailing.lastRead'), connection.lastOkAt === null ? t('email.calendarFailing.never') : formatDateTime(connection.lastOkAt, site.timeZone, locale)]],
          link: { label: t('email.calendarFailing.link'), url: `${publicOrigin}/admin/consultations` },
          notes: [],
          language: wordsIn(person.language).language,
        }),
        ics: null,
        bookingId: null,
      },
      now,
    );
  }
  return recipients.length;
}
