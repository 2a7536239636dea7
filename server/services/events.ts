// Staff changes to events, each one transaction with its audit row (the router stays thin).
import type { DB } from '@db/database';
import * as events from '../repositories/events';
import { EVENT_NOT_FOUND, type EventDto, type EventValues } from '../repositories/events';
import { NotFoundError } from '../errors';
import { type AuditActor, changedFields, recordAudit } from './audit';
import type { ServiceDeps } from '../deps';
import { enqueueRemovalNotices } from './email/change-notices';
import { changePublicData } from './public-changes';

function notFound(): NotFoundError {
  return new NotFoundError(EVENT_NOT_FOUND);
}

const EVENT_FIELD_LABELS: Partial<Record<keyof EventDto, string>> = {
  title: 'title',
  description: 'description',
  date: 'date',
  location: 'location',
  imageUrl: 'image',
  videoUrl: 'video',
  registrationLink: 'registration link',
  attendees: 'attendees',
  benefits: 'benefits',
  isActive: 'active',
  displayOrder: 'display order',
};

export function createEvent(deps: ServiceDeps, values: EventValues, actor: AuditActor): Promise<EventDto> {
  return changePublicData(deps, ['events'], async (trx) => {
    const event = await events.insertEvent(trx, values);
    await recordAudit(trx, actor, { action: 'create', entity: 'event', entityId: event.id, summary: event.title });
    return event;
  });
}

export function updateEvent(deps: ServiceDeps, id: string, values: EventValues, actor: AuditActor): Promise<EventDto> {
  return changePublicData(deps, ['events'], async (trx) => {
    const before = await events.findEvent(trx, id);
    const event = await events.updateEvent(trx, id, values);
    if (before === undefined || event === undefined) throw notFound();
    await recordAudit(trx, actor, { action: 'update', entity: 'event', entityId: id, summary: changedFields(before, event, EVENT_FIELD_LABELS) });
    return event;
  });
}

/** Deletes the event (its sessions, slots and bookings cascade), telling each participant first. */
export function deleteEvent(deps: ServiceDeps, id: string, actor: AuditActor): Promise<{ id: string }> {
  // Its sessions and slots go with it.
  return changePublicData(deps, ['events', 'sessions', 'slots'], async (trx) => {
    const before = await events.findEvent(trx, id);
    if (before === undefined) throw notFound();
    await enqueueRemovalNotices(trx, deps.config.publicOrigin, { eventId: id });
    if (!(await events.deleteEvent(trx, id))) throw notFound();
    await recordAudit(trx, actor, { action: 'delete', entity: 'event', entityId: id, summary: before.title });
    return { id };
  });
}

export function setEventActive(deps: ServiceDeps, id: string, isActive: boolean, actor: AuditActor): Promise<EventDto> {
  return changePublicData(deps, ['events'], async (trx) => {
    const event = await events.setEventActive(trx, id, isActive);
    if (event === undefined) throw notFound();
    await recordAudit(trx, actor, { action: 'status', entity: 'event', entityId: id, summary: isActive ? 'activated' : 'deactivated' });
    return event;
  });
}

export function moveEvent(deps: ServiceDeps, id: string, direction: 'up' | 'down', actor: AuditActor): Promise<{ id: string }> {
  return changePublicData(deps, ['events'], async (trx) => {
    if (!(await events.moveEvent(trx, id, direction))) throw notFound();
    await recordAudit(trx, actor, { action: 'reorder', entity: 'event', entityId: id, summary: `moved ${direction}` });
    return { id };
  });
}

/** One event: anonymous callers see only active ones (NOT_FOUND otherwise), signed-in staff any. */
export async function getEventForCaller(db: DB, id: string, signedIn: boolean): Promise<EventDto> {
  const event = await events.findEvent(db, id);
  if (event === undefined || (!event.isActive && !signedIn)) throw notFound();
  return event;
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export { listActiveEvents, listEventsForAdmin } from '../repositories/events';
