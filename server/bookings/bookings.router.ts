import {
  adminCreateBookingInput,
  affectedParticipantsInput,
  bookingListInput,
  bookingListItemOutput,
  bookingOutput,
  bookingStatsOutput,
  createBookingInput,
  manageBookingInput,
  setBookingStatusInput,
  setBookingStatusManyInput,
  updateBookingInput,
} from './bookings.schemas';
import { byIdInput, pageOutput } from '@server/shared/common.schemas';
import {
  createPublicBooking,
  createStaffBooking,
  deleteBooking,
  setBookingStatus,
  updateBooking,
} from './bookings.service';
import { setBookingStatusMany } from './bulk-bookings.service';
import { cancelBookingByToken, viewBookingByToken } from './manage-booking.service';
import { bookingPartners, bookingStats, listStaffBookings } from './booking-list.service';
import { declineOffer, takeOffer } from './waitlist-offers.service';
import { adminProcedure, router, staffProcedure } from '@server/trpc/init';
import { publicFormProcedure } from '@server/trpc/public-forms';
import { countAffectedParticipants } from './notifying-changes.service';

export const bookingsRouter = router({
  create: publicFormProcedure('booking')
    .meta({ description: 'The public booking form: books a future slot of an active session (pending while the slot has room, else waitlisted) and e-mails the participant and the admins who asked; rate-limited per address, refused in Maintenance Mode (SERVICE_UNAVAILABLE) or with Allow Registrations off (PRECONDITION_FAILED), and a second booking of the same address for the slot answers like a new one while only that address is told; answers the id and status.' })
    .input(createBookingInput)
    .mutation(({ ctx, input }) => createPublicBooking(ctx, input)),

  manage: publicFormProcedure('manage')
    .meta({ description: "The manage-my-booking page: the booking of the private link's token (NOT_FOUND for an unknown token); rate-limited per address but open in Maintenance Mode." })
    .input(manageBookingInput)
    .query(({ ctx, input }) => viewBookingByToken(ctx, input)),

  cancelByToken: publicFormProcedure('manage')
    .meta({ description: "Cancels the booking of the private link's token until its session starts, promotes the oldest waitlisted booking and e-mails those concerned; an already cancelled booking is returned as it is." })
    .input(manageBookingInput)
    .mutation(({ ctx, input }) => cancelBookingByToken(ctx, input)),

  takeOffer: publicFormProcedure('manage')
    .meta({ description: "Takes the seat offered to the waitlisted booking of the private link's token before its deadline: the booking is confirmed and e-mailed; PRECONDITION_FAILED with the reason when the offer has expired, was answered, or the seat was taken first (the booking then stays waitlisted)." })
    .input(manageBookingInput)
    .mutation(({ ctx, input }) => takeOffer(ctx, input)),

  declineOffer: publicFormProcedure('manage')
    .meta({ description: "Declines the seat offered to the booking of the private link's token: the booking is cancelled and the seat offered to the next waitlisted at once, and the booking is answered as the manage page shows it; PRECONDITION_FAILED when there is no open offer." })
    .input(manageBookingInput)
    .mutation(async ({ ctx, input }) => {
      await declineOffer(ctx, input);
      return viewBookingByToken(ctx, input);
    }),

  list: staffProcedure
    .meta({ scope: 'bookings:read', openapi: { method: 'GET', path: '/bookings' }, description: "Bookings, paged on the server, filtered by search (participant, event and session titles), status, event, session, slot, partner site (the booking widget's origin) and a from/to day range in the site's timezone." })
    .input(bookingListInput)
    .output(pageOutput(bookingListItemOutput))
    .query(({ ctx, input }) => listStaffBookings(ctx, input)),

  stats: staffProcedure
    .meta({ scope: 'bookings:read', openapi: { method: 'GET', path: '/bookings/stats' }, description: "Counts of bookings by status for the Bookings screen's cards." })
    .output(bookingStatsOutput)
    .query(({ ctx }) => bookingStats(ctx)),

  partners: staffProcedure
    .meta({ description: "The partner sites (origins) whose booking widget bookings were made in, for the Bookings screen's partner filter." })
    .query(({ ctx }) => bookingPartners(ctx)),

  adminCreate: staffProcedure
    .meta({ scope: 'bookings:write', openapi: { method: 'POST', path: '/bookings' }, description: "Staff add a booking to a slot: the seat check applies (CONFLICT 'This time slot is full.' for pending or confirmed on a full slot), the participant is e-mailed unless it is created cancelled (audited)." })
    .input(adminCreateBookingInput)
    .output(bookingOutput)
    .mutation(({ ctx, input }) => createStaffBooking(ctx, input)),

  update: staffProcedure
    .meta({ scope: 'bookings:write', openapi: { method: 'PUT', path: '/bookings/{id}' }, description: "Replaces a booking's participant, slot and status; a move or a seat-taking status re-checks seats, and the participant is e-mailed when the slot or the status changes (audited)." })
    .input(updateBookingInput)
    .output(bookingOutput)
    .mutation(({ ctx, input }) => updateBooking(ctx, input)),

  setStatus: staffProcedure
    .meta({ scope: 'bookings:write', openapi: { method: 'PUT', path: '/bookings/{id}/status' }, description: "Sets a booking's status, re-checking seats for pending or confirmed; a freed seat promotes the waitlist and each participant whose status changed is e-mailed (audited). A paid booking's invoice is credited when it is cancelled or moved back to the waitlist, and a new one issued when it holds a seat again; CONFLICT for a cancelled booking whose payment is owed back or refunded." })
    .input(setBookingStatusInput)
    .output(bookingOutput)
    .mutation(({ ctx, input }) => setBookingStatus(ctx, input)),

  /** One status for the bookings chosen, or for every one the filters match; each changed (or refused) as one change would be. */
  setStatusMany: staffProcedure
    .meta({
      description:
        'Sets one status on up to 100 chosen bookings, or on every booking the list filters match (at most 1,000), each as one change: capacity rules, messages and an audit row per booking; answers what changed, what already had that status and what was refused and why.',
    })
    .input(setBookingStatusManyInput)
    .mutation(({ ctx, input }) => setBookingStatusMany(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Deletes a booking for good; its participant is told if the booking was live and its slot not over, and a freed seat promotes the waitlist (audited). CONFLICT for a booking with an invoice (kept for the accounts: cancel it instead).' })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteBooking(ctx, input)),

  affectedParticipants: staffProcedure
    .meta({ description: 'How many participants deleting this booking, slot, session or event would e-mail, for the delete dialogs.' })
    .input(affectedParticipantsInput)
    .query(({ ctx, input }) => countAffectedParticipants(ctx, input)),
});
