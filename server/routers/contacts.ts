import * as contacts from '../repositories/contacts';
import { byIdInput } from '../schemas/common';
import {
  contactListInput,
  createContactInput,
  setContactStatusInput,
  submitContactInput,
  updateContactInput,
} from '../schemas/contacts';
import { actorOf } from '../services/audit';
import { createContact, deleteContact, setContactStatus, submitContact, updateContact } from '../services/contacts';
import { adminProcedure, router, staffProcedure } from '../trpc/init';
import { publicFormProcedure } from '../trpc/public-forms';


export const contactsRouter = router({
  /** The public Get In Touch form: stored as a new message, notes empty; admins who asked are e-mailed. */
  submit: publicFormProcedure('contact')
    .input(submitContactInput)
    .mutation(({ ctx, input }) => submitContact(ctx, input)),

  list: staffProcedure.input(contactListInput).query(({ ctx, input }) => contacts.listContacts(ctx.db, input)),

  stats: staffProcedure.query(({ ctx }) => contacts.contactStats(ctx.db)),

  /** The dashboard's Recent Contact Submissions. */
  recent: staffProcedure.query(({ ctx }) => contacts.recentContacts(ctx.db)),

  create: staffProcedure
    .input(createContactInput)
    .mutation(({ ctx, input }) => createContact(ctx.db, input, actorOf(ctx))),

  update: staffProcedure.input(updateContactInput).mutation(({ ctx, input }) => {
    const { id, ...values } = input;
    return updateContact(ctx.db, id, values, actorOf(ctx));
  }),

  setStatus: staffProcedure
    .input(setContactStatusInput)
    .mutation(({ ctx, input }) => setContactStatus(ctx.db, input.id, input.status, actorOf(ctx))),

  delete: adminProcedure.input(byIdInput).mutation(({ ctx, input }) => deleteContact(ctx.db, input.id, actorOf(ctx))),
});
