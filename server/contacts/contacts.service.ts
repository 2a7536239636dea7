// The public Get In Touch form: the message and the admins' notifications in one transaction; and
// staff changes to contact messages.
import type { z } from 'zod';
import type { ServiceDeps } from '@server/core/deps';
import type { ContactStatus } from '@db/schema';
import * as contacts from './contacts.repository';
import { type ContactDto, type ContactValues, insertContact } from './contacts.repository';
import type { submitContactInput } from './contacts.schemas';
import { NotFoundError } from '@server/core/errors';
import { actorOf, changedFields, recordAudit, statusChange } from '@server/audit/audit.service';
import { type AuditContext, plainRead, plainReadNoInput } from '@server/core/service-context';
import { enqueueNewContactNotifications } from './contact-messages';
import { enqueueContactWebhook } from '@server/webhooks/webhook-events.service';

export async function submitContact(deps: ServiceDeps, input: z.output<typeof submitContactInput>): Promise<{ id: string }> {
  const stored = await deps.db.transaction().execute(async (trx) => {
    const contact = await insertContact(trx, { ...input, status: 'new', notes: null });
    await enqueueNewContactNotifications(trx, deps.config.publicOrigin, contact);
    await enqueueContactWebhook(trx, contact);
    return { id: contact.id };
  });
  deps.metrics.contactReceived();
  return stored;
}

// Staff changes to contact messages, each one transaction with its audit row.

function contactNotFound(): NotFoundError {
  return new NotFoundError('api.contacts.notFound');
}

const CONTACT_FIELD_LABELS = {
  name: 'name',
  email: 'email',
  company: 'company',
  message: 'message',
  status: 'status',
  notes: 'notes',
} as const;

export function createContact(ctx: AuditContext, values: ContactValues): Promise<ContactDto> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const contact = await contacts.insertContact(trx, values);
    await recordAudit(trx, actor, { action: 'create', entity: 'contact', entityId: contact.id, summary: `${contact.name}, ${contact.status}` });
    return contact;
  });
}

export function updateContact(ctx: AuditContext, { id, ...values }: ContactValues & { id: string }): Promise<ContactDto> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const before = await contacts.findContact(trx, id);
    const contact = await contacts.updateContact(trx, id, values);
    if (before === undefined || contact === undefined) throw contactNotFound();
    const summary =
      before.status === contact.status
        ? changedFields(before, contact, CONTACT_FIELD_LABELS)
        : [statusChange(before.status, contact.status), changedFields(before, contact, { ...CONTACT_FIELD_LABELS, status: undefined })]
            .filter((part) => part !== 'no changes')
            .join('; ');
    await recordAudit(trx, actor, { action: 'update', entity: 'contact', entityId: id, summary });
    return contact;
  });
}

export function setContactStatus(ctx: AuditContext, { id, status }: { id: string; status: ContactStatus }): Promise<ContactDto> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const before = await contacts.findContact(trx, id);
    const contact = await contacts.setContactStatus(trx, id, status);
    if (before === undefined || contact === undefined) throw contactNotFound();
    await recordAudit(trx, actor, { action: 'status', entity: 'contact', entityId: id, summary: statusChange(before.status, contact.status) });
    return contact;
  });
}

export function deleteContact(ctx: AuditContext, { id }: { id: string }): Promise<{ id: string }> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const before = await contacts.findContact(trx, id);
    if (before === undefined || !(await contacts.deleteContact(trx, id))) throw contactNotFound();
    await recordAudit(trx, actor, { action: 'delete', entity: 'contact', entityId: id, summary: before.name });
    return { id };
  });
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export const listContacts = plainRead(contacts.listContacts);
export const contactStats = plainReadNoInput(contacts.contactStats);
export const recentContacts = plainReadNoInput(contacts.recentContacts);
