import * as contacts from '../repositories/contacts';
import { byIdInput } from '../schemas/common';
import {
  contactListInput,
  createContactInput,
  setContactStatusInput,
  submitContactInput,
  updateContactInput,
} from '../schemas/contacts';
import { submitContact } from '../services/contacts';
import { adminProcedure, router, staffProcedure } from '../trpc/init';
import { publicFormProcedure } from '../trpc/public-forms';
import { NotFoundError } from '../errors';

export const CONTACT_NOT_FOUND = 'Contact not found.';

function notFound(): NotFoundError {
  return new NotFoundError(CONTACT_NOT_FOUND);
}

export const contactsRouter = router({
  /** The public Get In Touch form: stored as a new message, notes empty; admins who asked are e-mailed. */
  submit: publicFormProcedure('contact')
    .input(submitContactInput)
    .mutation(({ ctx, input }) => submitContact(ctx, input)),

  list: staffProcedure.input(contactListInput).query(({ ctx, input }) => contacts.listContacts(ctx.db, input)),

  stats: staffProcedure.query(({ ctx }) => contacts.contactStats(ctx.db)),

  /** The dashboard's Recent Contact Submissions. */
  recent: staffProcedure.query(({ ctx }) => contacts.recentContacts(ctx.db)),

  create: staffProcedure.input(createContactInput).mutation(({ ctx, input }) => contacts.insertContact(ctx.db, input)),

  update: staffProcedure.input(updateContactInput).mutation(async ({ ctx, input }) => {
    const { id, ...values } = input;
    const contact = await contacts.updateContact(ctx.db, id, values);
    if (contact === undefined) throw notFound();
    return contact;
  }),

  setStatus: staffProcedure.input(setContactStatusInput).mutation(async ({ ctx, input }) => {
    const contact = await contacts.setContactStatus(ctx.db, input.id, input.status);
    if (contact === undefined) throw notFound();
    return contact;
  }),

  delete: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    if (!(await contacts.deleteContact(ctx.db, input.id))) throw notFound();
    return { id: input.id };
  }),
});
