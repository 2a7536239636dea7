// The admins' 'new contact message' notification, written in the transaction that stores the message.
import type { DB } from '@db/database';
import type { ContactDto } from '@server/repositories/contacts';
import { findNotifiedAdminEmails } from '@server/repositories/users';
import { enqueueMessage, loadOutboxSite } from './enqueue';
import { adminNewContactMessage } from './messages';

export async function enqueueNewContactNotifications(db: DB, publicOrigin: string, contact: ContactDto): Promise<void> {
  const recipients = await findNotifiedAdminEmails(db, 'newContacts');
  if (recipients.length === 0) return;
  const site = await loadOutboxSite(db, publicOrigin);
  const rendered = adminNewContactMessage(site, contact);
  for (const to of recipients) {
    await enqueueMessage(db, site, { kind: 'admin-new-contact', to, rendered, ics: null, bookingId: null });
  }
}
