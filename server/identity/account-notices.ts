// Messages about a staff member's own account that must reach them even when someone else holds
// their session: a change of sign-in e-mail is told to the address it replaces, so its owner learns
// of it (and can ask an admin to undo it) however it happened.
import type { DB } from '@db/database';
import { enqueueMessage, loadOutboxSite } from '@server/email/enqueue.service';
import { renderMessage } from '@server/shared/email-layout';
import { signedBy } from '@server/email/messages';

export async function enqueueEmailChangedNotice(
  db: DB,
  publicOrigin: string,
  change: { name: string; oldEmail: string; newEmail: string },
  now = new Date(),
): Promise<string> {
  const site = await loadOutboxSite(db, publicOrigin);
  const rendered = renderMessage({
    subject: `${site.siteName}: your sign-in e-mail was changed`,
    ...signedBy(site),
    greeting: `Dear ${change.name},`,
    paragraphs: [
      `The sign-in e-mail of your ${site.siteName} account was changed from ${change.oldEmail} to ${change.newEmail}. Messages for your account now go to the new address.`,
      'If you did not make this change, ask an administrator of the site to restore your address and reset your password at once.',
    ],
    details: [],
    link: { label: 'Sign in', url: `${publicOrigin}/admin/login` },
    notes: ['This notice goes to the address that was replaced.'],
  });
  return enqueueMessage(db, site, { kind: 'account-email-changed', to: change.oldEmail, rendered, ics: null, bookingId: null }, now);
}
