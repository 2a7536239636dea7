// Staff changes to events, each one transaction with its audit row (the router stays thin).
import * as events from './events.repository';
import { type EventDto, type EventValues } from './events.repository';
import { NotFoundError } from '@server/core/errors';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import type { ServiceContext } from '@server/core/service-context';
import type { Page } from '@server/shared/common.schemas';
import { type EventWithSchedule, withSchedule, withSchedules } from './event-schedule';
import { enqueueRemovalNotices } from '@server/bookings/change-notices';
import { refuseDeletingInvoiced } from '@server/bookings/invoiced-bookings.service';
import { changePublicData } from '@server/core/public-changes';

function notFound(): NotFoundError {
  return new NotFoundError('message.eventNotFound');
}

const EVENT_FIELD_LABELS: Partial<Record<keyof EventDto, string>> = {
  title: 'title',
  description: 'description',
  date: 'date',
  location: 'location',
  imageUrl: 'image',
  imageFocusX: 'image focus x',
  imageFocusY: 'image focus y',
  videoUrl: 'video',
  registrationLink: 'registration link',
  attendees: 'attendees',
  benefits: 'benefits',
  isActive: 'active',
  displayOrder: 'display order',
};

export function createEvent(ctx: ServiceContext, input: EventValues): Promise<EventDto> {
  return changePublicData(ctx, ['events'], async (trx) => {
    const event = await events.insertEvent(trx, input);
    await recordAudit(trx, actorOf(ctx), { action: 'create', entity: 'event', entityId: event.id, summary: event.title });
    return event;
  });
}

export function updateEvent(ctx: ServiceContext, input: EventValues & { id: string }): Promise<EventDto> {
  const { id, ...values } = input;
  return changePublicData(ctx, ['events'], async (trx) => {
    const before = await events.findEvent(trx, id);
    const event = await events.updateEvent(trx, id, values);
    if (before === undefined || event === undefined) throw notFound();
    await recordAudit(trx, actorOf(ctx), { action: 'update', entity: 'event', entityId: id, summary: changedFields(before, event, EVENT_FIELD_LABELS) });
    return event;
  });
}

/** Deletes the event (its sessions, slots and bookings cascade), telling each participant first. */
export function deleteEvent(ctx: ServiceContext, input: { id: string }): Promise<{ id: string }> {
  const { id } = input;
  // Its sessions and slots go with it.
  return changePublicData(ctx, ['events', 'sessions', 'slots', 'schedule'], async (trx) => {
    const before = await events.findEvent(trx, id);
    if (before === undefined) throw notFound();
    await refuseDeletingInvoiced(trx, { eventId: id });
    await enqueueRemovalNotices(trx, ctx.config.publicOrigin, { eventId: id });
    if (!(await events.deleteEvent(trx, id))) throw notFound();
    await recordAudit(trx, actorOf(ctx), { action: 'delete', entity: 'event', entityId: id, summary: before.title });
    return { id };
  });
}

export function setEventActive(ctx: ServiceContext, input: { id: string; isActive: boolean }): Promise<EventDto> {
  const { id, isActive } = input;
  return changePublicData(ctx, ['events'], async (trx) => {
    const event = await events.setEventActive(trx, id, isActive);
    if (event === undefined) throw notFound();
    await recordAudit(trx, actorOf(ctx), { action: 'status', entity: 'event', entityId: id, summary: isActive ? 'activated' : 'deactivated' });
    return event;
  });
}

export function moveEvent(ctx: ServiceContext, input: { id: string; direction: 'up' | 'down' }): Promise<{ id: string }> {
  const { id, direction } = input;
  return changePublicData(ctx, ['events'], async (trx) => {
    if (!(await events.moveEvent(trx, id, direction))) throw notFound();
    await recordAudit(trx, actorOf(ctx), { action: 'reorder', entity: 'event', entityId: id, summary: `moved ${direction}` });
    return { id };
  });
}

/** One event: anonymous callers see only active ones (NOT_FOUND otherwise), signed-in staff any. */
export async function getEventForCaller(ctx: Pick<ServiceContext, 'db' | 'user'>, input: { id: string }): Promise<EventWithSchedule> {
  const event = await events.findEvent(ctx.db, input.id);
  if (event === undefined || (!event.isActive && ctx.user === null)) throw notFound();
  return withSchedule(ctx.db, event);
}

/** An active event, or undefined (made up, deleted or hidden): whether its public page exists. */
export async function findActiveEvent(ctx: Pick<ServiceContext, 'db'>, input: { id: string }): Promise<EventDto | undefined> {
  const event = await events.findEvent(ctx.db, input.id);
  return event?.isActive === true ? event : undefined;
}

/** An active event with the days it runs (its page's head says them), or undefined. */
export async function findActiveEventWithSchedule(ctx: Pick<ServiceContext, 'db'>, input: { id: string }): Promise<EventWithSchedule | undefined> {
  const event = await findActiveEvent(ctx, input);
  return event === undefined ? undefined : withSchedule(ctx.db, event);
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export async function listActiveEvents(ctx: Pick<ServiceContext, 'db'>, input: { limit: number }): Promise<EventWithSchedule[]> {
  return withSchedules(ctx.db, await events.listActiveEvents(ctx.db, input.limit));
}

export async function listEventsForAdmin(ctx: Pick<ServiceContext, 'db'>, input: Parameters<typeof events.listEventsForAdmin>[1]): Promise<Page<EventWithSchedule>> {
  const page = await events.listEventsForAdmin(ctx.db, input);
  return { ...page, items: await withSchedules(ctx.db, page.items) };
}
