import { checkInInput, checkInListInput, markNoShowsInput } from './check-in.schemas';
import { checkIn, checkInList, markNoShows } from './check-in.service';
import { router, staffProcedure } from '@server/trpc/init';

export const checkInRouter = router({
  list: staffProcedure
    .meta({ description: "The check-in screen's list of a time slot: its bookings holding a seat, by name, with code and attendance, and the counts attended / expected (NOT_FOUND for an unknown slot)." })
    .input(checkInListInput)
    .query(({ ctx, input }) => checkInList(ctx, input)),

  checkIn: staffProcedure
    .meta({ description: "Checks in the booking of a scanned or typed code (or picked by id) at the chosen slot, with the time and the staff member (audited); a second time answers 'Already checked in at ... by ...'; a booking of another slot, cancelled or waitlisted is refused with the reason (PRECONDITION_FAILED), an unknown code is NOT_FOUND." })
    .input(checkInInput)
    .mutation(({ ctx, input }) => checkIn(ctx, input)),

  markNoShows: staffProcedure
    .meta({ description: 'Once a time slot has ended (PRECONDITION_FAILED before), marks its bookings holding a seat that were not checked in as no-shows; answers how many (audited).' })
    .input(markNoShowsInput)
    .mutation(({ ctx, input }) => markNoShows(ctx, input)),
});
