// Invoices: a booking's invoices and credit notes for any signed-in staff member, and for the
// visitor's manage page through its token. Issuing is no procedure: the booking flow issues them in
// its own transaction.
import { manageBookingInput } from '@server/bookings/bookings.schemas';
import { publicFormProcedure } from '@server/trpc/public-forms';
import { invoicesForBookingInput } from './invoices.schemas';
import { invoicesForBooking, invoicesForManageLink } from './invoices.service';
import { router, staffProcedure } from '@server/trpc/init';

export const invoicesRouter = router({
  forBooking: staffProcedure
    .meta({ description: "A booking's invoices and credit notes, oldest first: number, kind, issue and due dates, net, tax and gross in minor units, the invoice a credit note cancels, and pdfPath, the staff download address (GET /api/invoices/<number>.pdf)." })
    .input(invoicesForBookingInput)
    .query(({ ctx, input }) => invoicesForBooking(ctx, input)),

  forManageLink: publicFormProcedure('manage')
    .meta({ description: "The manage-my-booking page's invoices: the invoices and credit notes of the booking of the private link's token (none for an unknown token), each with pdfPath, its download address carrying the token (?manage=<token>); rate-limited per address like the manage page." })
    .input(manageBookingInput)
    .query(({ ctx, input }) => invoicesForManageLink(ctx, input)),
});
