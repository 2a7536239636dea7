import { bookingStats } from '../repositories/bookings';
import {
  adminCreateBookingInput,
  affectedParticipantsInput,
  bookingListInput,
  createBookingInput,
  manageBookingInput,
  setBookingStatusInput,
  setBookingStatusManyInput,
  updateBookingInput,
} from '../schemas/bookings';
import { byIdInput } from '../schemas/common';
import {
  createPublicBooking,
  createStaffBooking,
  deleteBooking,
  setBookingStatus,
  updateBooking,
} from '../services/bookings';
import { actorOf } from '../services/audit';
import { setBookingStatusMany } from '../services/bulk-bookings';
import { cancelBookingByToken, viewBookingByToken } from '../services/booking-links';
import { listStaffBookings } from '../services/booking-list';
import { adminProcedure, router, staffProcedure } from '../trpc/init';
import { publicFormProcedure } from '../trpc/public-forms';
import { countAffectedParticipants, toAffectedScope } from '../services/notifying-changes';

export const bookingsRouter = router({
  /** The public booking form: pending while the slot has room, else waitlisted. */
  create: publicFormProcedure('booking')
    .input(createBookingInput)
    .mutation(({ ctx, input }) => createPublicBooking(ctx, input)),

  /** The manage-my-booking page: the booking of the link's token (NOT_FOUND for an unknown one). */
  manage: publicFormProcedure('manage')
    .input(manageBookingInput)
    .query(({ ctx, input }) => viewBookingByToken(ctx, input.token)),

  /** Cancels from the manage page, promoting the waitlist; a cancelled booking is returned as it is. */
  cancelByToken: publicFormProcedure('manage')
    .input(manageBookingInput)
    .mutation(({ ctx, input }) => cancelBookingByToken(ctx, input.token)),

  list: staffProcedure.input(bookingListInput).query(({ ctx, input }) => listStaffBookings(ctx.db, input)),

  stats: staffProcedure.query(({ ctx }) => bookingStats(ctx.db)),

  adminCreate: staffProcedure
    .input(adminCreateBookingInput)
    .mutation(({ ctx, input }) => createStaffBooking(ctx, input, actorOf(ctx))),

  update: staffProcedure.input(updateBookingInput).mutation(({ ctx, input }) => {
    const { id, ...values } = input;
    return updateBooking(ctx, id, values, actorOf(ctx));
  }),

  setStatus: staffProcedure
    .input(setBookingStatusInput)
    .mutation(({ ctx, input }) => setBookingStatus(ctx, input.id, input.status, actorOf(ctx))),

  /** One status for the bookings chosen, or for every one the filters match; each changed (or refused) as one change would be. */
  setStatusMany: staffProcedure
    .meta({
      description:
        'Sets one status on up to 100 chosen bookings, or on every booking the list filters match (at most 1,000), each as one change: capacity rules, messages and an audit row per booking; answers what changed, what already had that status and what was refused and why.',
    })
    .input(setBookingStatusManyInput)
    .mutation(({ ctx, input }) => setBookingStatusMany(ctx, input, actorOf(ctx))),

  delete: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    await deleteBooking(ctx, input.id, actorOf(ctx));
    return { id: input.id };
  }),

  /** How many participants deleting this booking, slot, session or event would tell (the delete dialogs). */
  affectedParticipants: staffProcedure.input(affectedParticipantsInput).query(async ({ ctx, input }) => ({
    count: await countAffectedParticipants(ctx.db, toAffectedScope(input)),
  })),
});
