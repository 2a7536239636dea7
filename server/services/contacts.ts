// The public Get In Touch form: the message and the admins' notifications in one transaction.
import type { z } from 'zod';
import type { ServiceDeps } from '../deps';
import { insertContact } from '../repositories/contacts';
import type { submitContactInput } from '../schemas/contacts';
import { enqueueNewContactNotifications } from './email/contact-messages';

export async function submitContact(deps: ServiceDeps, input: z.output<typeof submitContactInput>): Promise<{ id: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const contact = await insertContact(trx, { ...input, status: 'new', notes: null });
    await enqueueNewContactNotifications(trx, deps.config.publicOrigin, contact);
    return { id: contact.id };
  });
}
