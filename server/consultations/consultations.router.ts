import { byIdInput, pageOutput } from '@server/shared/common.schemas';
import {
  availabilityInput,
  availabilityOfInput,
  bookConsultationInput,
  consultationListInput,
  consultationCalendarOutput,
  staffConsultationOutput,
  consultationTypeInput,
  freeTimesInput,
  manageConsultationInput,
  rescheduleByTokenInput,
  staffMoveInput,
  updateConsultationTypeInput,
} from './consultations.schemas';
import {
  bookConsultation,
  cancelConsultation,
  cancelConsultationByToken,
  findFreeTimes,
  moveConsultation,
  rescheduleConsultationByToken,
  viewConsultationByToken,
} from './consultation-booking.service';
import { consultationCalendar, consultationPartners, listStaffConsultations } from './consultation-list.service';
import { calendarInput } from '@server/sessions/slot-calendar.schemas';
import {
  availabilityOf,
  createConsultationType,
  deleteConsultationType,
  listActiveConsultationTypes,
  listConsultationTypes,
  setAvailability,
  updateConsultationType,
} from './consultation-types.service';
import { adminProcedure, publicProcedure, router, staffProcedure } from '@server/trpc/init';
import { publicFormProcedure, publicReadProcedure } from '@server/trpc/public-forms';

const typesRouter = router({
  list: publicProcedure
    .meta({ description: 'The active consultation types that have staff: title, description, duration and kind of location; the consultants\' names (never their e-mail addresses) only for types that let the visitor pick.' })
    .query(({ ctx }) => listActiveConsultationTypes(ctx)),

  all: staffProcedure
    .meta({ description: 'Every consultation type with all its settings and the ids of the staff who take it, for the back office.' })
    .query(({ ctx }) => listConsultationTypes(ctx)),

  create: adminProcedure
    .meta({ description: 'Creates a consultation type: duration 15 to 240 minutes, a video link or an address as its location asks, buffers, notice, horizon, daily maximum and its staff (audited).' })
    .input(consultationTypeInput)
    .mutation(({ ctx, input }) => createConsultationType(ctx, input)),

  update: adminProcedure
    .meta({ description: 'Replaces a consultation type\'s settings and staff; booked consultations keep their times (audited).' })
    .input(updateConsultationTypeInput)
    .mutation(({ ctx, input }) => updateConsultationType(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Deletes a consultation type that has no consultations (PRECONDITION_FAILED otherwise: make it inactive instead) (audited).' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteConsultationType(ctx, input)),
});

const availabilityRouter = router({
  get: staffProcedure
    .meta({ description: "A staff member's time zone, weekly hours and date overrides: one's own, or (admins) anyone's." })
    .input(availabilityOfInput)
    .query(({ ctx, input }) => availabilityOf(ctx, input)),

  set: staffProcedure
    .meta({ description: "Replaces a staff member's time zone, weekly hours (several ranges a day, in that zone) and date overrides (a day off or other hours): one's own, or (admins) anyone's (FORBIDDEN otherwise) (audited)." })
    .input(availabilityInput)
    .mutation(({ ctx, input }) => setAvailability(ctx, input)),
});

export const consultationsRouter = router({
  types: typesRouter,
  availability: availabilityRouter,

  freeTimes: publicReadProcedure('freeTimes')
    .meta({ description: 'The free start times of an active type between two dates (at most 31 days, from a year ago to two years ahead) of an IANA time zone (answered in its canonical spelling): inside a consultant\'s hours, after the notice, inside the horizon, clear of their other consultations with buffers and under the daily maximum; with the dates that have any. Rate-limited per client address (60 a minute).' })
    .input(freeTimesInput)
    .query(({ ctx, input }) => findFreeTimes(ctx, input)),

  book: publicFormProcedure('booking')
    .meta({ description: 'Books a consultation at a free time, assigning the free consultant with the fewest consultations that week (or the one picked, when the type allows); re-checked in one transaction, so a time just taken answers CONFLICT with a field message; e-mails the visitor (with the .ics and the manage link) in the page\'s language, which the consultation keeps for its later messages, and the consultant in the language of their notices. Answers the place, the manage token and the visitor\'s .ics, so the confirmation can offer Add to calendar and the manage link. Rate-limited like the other public forms.' })
    .input(bookConsultationInput)
    .mutation(({ ctx, input }) => bookConsultation(ctx, input)),

  manage: publicFormProcedure('manage')
    .meta({ description: "The consultation of a manage link's token (NOT_FOUND for an unknown token): type (with its translated titles), consultant, time, place (worded in the page's language) and whether it can still change." })
    .input(manageConsultationInput)
    .query(({ ctx, input }) => viewConsultationByToken(ctx, input)),

  cancelByToken: publicFormProcedure('manage')
    .meta({ description: "Cancels the consultation of a manage link's token before it starts, freeing its time; the visitor (with a CANCEL .ics) and the consultant are told." })
    .input(manageConsultationInput)
    .mutation(async ({ ctx, input }) => {
      await cancelConsultationByToken(ctx, input);
      return viewConsultationByToken(ctx, input);
    }),

  rescheduleByToken: publicFormProcedure('manage')
    .meta({ description: "Moves the consultation of a manage link's token to another free time of its type, freeing the old one; one .ics update (same UID, next SEQUENCE) to the visitor and a notice to the consultant." })
    .input(rescheduleByTokenInput)
    .mutation(async ({ ctx, input }) => {
      await rescheduleConsultationByToken(ctx, input);
      return viewConsultationByToken(ctx, input);
    }),

  list: staffProcedure
    .meta({ scope: 'consultations:read', openapi: { method: 'GET', path: '/consultations' }, description: "Consultations, paged on the server: upcoming (soonest first) or past, the caller's own unless a consultant or 'all' is asked for, filtered by type, status and partner site (the booking widget's origin), searched by visitor name, e-mail or company." })
    .input(consultationListInput)
    .output(pageOutput(staffConsultationOutput))
    .query(({ ctx, input }) => listStaffConsultations(ctx, input)),

  partners: staffProcedure
    .meta({ description: "The partner sites (origins) whose booking widget consultations were booked in, for the Consultations screen's partner filter." })
    .query(({ ctx }) => consultationPartners(ctx)),

  calendar: staffProcedure
    .meta({ scope: 'consultations:read', openapi: { method: 'GET', path: '/consultations/calendar' }, description: "The back-office calendar's consultations: every booked one starting in a range of site-zone days (both included, at most 42), with its type, consultant and visitor." })
    .input(calendarInput)
    .output(consultationCalendarOutput)
    .query(({ ctx, input }) => consultationCalendar(ctx, input)),

  cancel: staffProcedure
    .meta({ description: 'Staff cancel a consultation before it starts; the visitor and the consultant are told (audited).' })
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      await cancelConsultation(ctx, input);
    }),

  move: staffProcedure
    .meta({ description: 'Staff move a consultation to another free time of its type; the visitor gets the update with a new manage link, the consultant a notice (audited).' })
    .input(staffMoveInput)
    .mutation(async ({ ctx, input }) => {
      await moveConsultation(ctx, input);
    }),
});
