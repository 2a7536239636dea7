import { bookingStats, listBookings } from '../repositories/bookings';
import {
  adminCreateBookingInput,
  bookingListInput,
  createBookingInput,
  setBookingStatusInput,
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
import { adminProcedure, router, staffProcedure } from '../trpc/init';
import { publicFormProcedure } from '../trpc/public-forms';

export const bookingsRouter = router({
  /** The public booking form: pending while the slot has room, else waitlisted. */
  create: publicFormProcedure('booking')
    .input(createBookingInput)
    .mutation(({ ctx, input }) => createPublicBooking(ctx.db, input)),

  list: staffProcedure.input(bookingListInput).query(({ ctx, input }) => listBookings(ctx.db, input)),

  stats: staffProcedure.query(({ ctx }) => bookingStats(ctx.db)),

  adminCreate: staffProcedure
    .input(adminCreateBookingInput)
    .mutation(({ ctx, input }) => createStaffBooking(ctx.db, input)),

  update: staffProcedure.input(updateBookingInput).mutation(({ ctx, input }) => {
    const { id, ...values } = input;
    return updateBooking(ctx.db, id, values);
  }),

  setStatus: staffProcedure
    .input(setBookingStatusInput)
    .mutation(({ ctx, input }) => setBookingStatus(ctx.db, input.id, input.status)),

  delete: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    await deleteBooking(ctx.db, input.id);
    return { id: input.id };
  }),
});
