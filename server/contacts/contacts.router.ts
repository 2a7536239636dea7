import { byIdInput, pageOutput } from '@server/shared/common.schemas';
import {
  contactListInput,
  contactOutput,
  contactStatsOutput,
  createContactInput,
  setContactStatusInput,
  submitContactInput,
  updateContactInput,
} from './contacts.schemas';
import * as contacts from './contacts.service';
import { adminProcedure, router, staffProcedure } from '@server/trpc/init';
import { publicFormProcedure } from '@server/trpc/public-forms';


export const contactsRouter = router({
  submit: publicFormProcedure('contact')
    .meta({ description: 'The public Get In Touch form: stores a new contact message and e-mails the admins who asked; rate-limited per address and refused in Maintenance Mode (SERVICE_UNAVAILABLE).' })
    .input(submitContactInput)
    .mutation(({ ctx, input }) => contacts.submitContact(ctx, input)),

  list: staffProcedure
    .meta({ scope: 'contacts:read', openapi: { method: 'GET', path: '/contacts' }, description: 'Contact messages, newest first, paged on the server, filtered by status and a search on name, e-mail and company.' })
    .input(contactListInput)
    .output(pageOutput(contactOutput))
    .query(({ ctx, input }) => contacts.listContacts(ctx, input)),

  stats: staffProcedure
    .meta({ scope: 'contacts:read', openapi: { method: 'GET', path: '/contacts/stats' }, description: "Counts of contact messages by status for the Contacts screen's cards." })
    .output(contactStatsOutput)
    .query(({ ctx }) => contacts.contactStats(ctx)),

  recent: staffProcedure
    .meta({ description: 'The latest 5 contact messages, for the dashboard.' })
    .query(({ ctx }) => contacts.recentContacts(ctx)),

  create: staffProcedure
    .meta({ description: 'Staff record a contact message by hand (audited).' })
    .input(createContactInput)
    .mutation(({ ctx, input }) => contacts.createContact(ctx, input)),

  update: staffProcedure
    .meta({ description: "Replaces a contact message's fields, status and notes (audited)." })
    .input(updateContactInput)
    .mutation(({ ctx, input }) => contacts.updateContact(ctx, input)),

  setStatus: staffProcedure
    .meta({ description: "Sets a contact message's status (audited)." })
    .input(setContactStatusInput)
    .mutation(({ ctx, input }) => contacts.setContactStatus(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Deletes a contact message for good (audited).' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => contacts.deleteContact(ctx, input)),
});
