// Admins edit an event's registration questions (one audited change for the whole list); the public
// form reads them, and a booking's answers are checked against them (services/bookings).
import type { z } from 'zod';
import { bookingExists } from '@server/bookings/bookings.repository';
import { findEvent } from '@server/events/events.repository';
import { type BookingAnswer, listBookingAnswers, listEventQuestions, replaceEventQuestions } from './registration-questions.repository';
import type { AskedQuestion, saveRegistrationQuestionsInput } from './registration-questions.schemas';
import type { ServiceContext } from '@server/core/service-context';
import { NotFoundError } from '@server/core/errors';
import { actorOf, recordAudit } from '@server/audit/audit.service';

type SaveQuestions = z.output<typeof saveRegistrationQuestionsInput>;

/** An event's questions; visitors see only an active event's (NOT_FOUND otherwise). */
export async function questionsForEvent(ctx: Pick<ServiceContext, 'db' | 'user'>, { eventId }: { eventId: string }): Promise<AskedQuestion[]> {
  const { db } = ctx;
  const staff = ctx.user !== null;
  const event = await findEvent(db, eventId);
  if (event === undefined || (!event.isActive && !staff)) throw new NotFoundError('message.eventNotFound');
  return listEventQuestions(db, eventId);
}

export async function saveEventQuestions(deps: ServiceContext, input: SaveQuestions): Promise<AskedQuestion[]> {
  const actor = actorOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    if ((await findEvent(trx, input.eventId)) === undefined) throw new NotFoundError('message.eventNotFound');
    const counts = await replaceEventQuestions(trx, input.eventId, input.questions);
    if (counts === undefined) throw new NotFoundError('api.questions.notFound');
    const summary = `registration questions: ${input.questions.length} (${counts.added} added, ${counts.changed} kept or changed, ${counts.removed} removed)`;
    await recordAudit(trx, actor, { action: 'update', entity: 'event', entityId: input.eventId, summary });
    return listEventQuestions(trx, input.eventId);
  });
}

/** One booking's answers for its detail view. */
export async function answersOfBooking({ db }: Pick<ServiceContext, 'db'>, { id: bookingId }: { id: string }): Promise<BookingAnswer[]> {
  if (!(await bookingExists(db, bookingId))) throw new NotFoundError('api.bookings.notFound');
  return (await listBookingAnswers(db, [bookingId])).get(bookingId) ?? [];
}
