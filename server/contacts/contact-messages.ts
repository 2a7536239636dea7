// The admins' 'new contact message' notification, written in the transaction that stores the message.
import type { DB } from '@db/database';
import type { ContactDto } from './contacts.repository';
import { findNotifiedAdmins } from '@server/identity/users.repository';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { adminNewContactMessage } from '@server/email/messages';

export async function enqueueNewContactNotifications(db: DB, publicOrigin: string, contact: ContactDto): Promise<void> {
  const recipients = await findNotifiedAdmins(db, 'newContacts');
  if (recipients.length === 0) return;
  const site = await loadOutboxSite(db, publicOrigin);
  // Each admin reads it in the language of their notices (Settings, Notifications).
  for (const { email: to, language } of recipients) {
    const rendered = adminNewContactMessage(site, contact, language);
    await enqueueMessage(db, site, { kind: 'admin-new-contact', to, rendered, ics: null, bookingId: null });
  }
}
