// Invoices in the back office: a booking's invoices and credit notes, for any signed-in staff
// member. Issuing is no procedure: the booking flow issues them in its own transaction.
import { invoicesForBookingInput } from './invoices.schemas';
import { invoicesForBooking } from './invoices.service';
import { router, staffProcedure } from '@server/trpc/init';

export const invoicesRouter = router({
  forBooking: staffProcedure
    .meta({ description: "A booking's invoices and credit notes, oldest first: number, kind, issue and due dates, net, tax and gross in minor units, the invoice a credit note cancels, and pdfPath, the staff download address (GET /api/invoices/<number>.pdf)." })
    .input(invoicesForBookingInput)
    .query(({ ctx, input }) => invoicesForBooking(ctx, input)),
});
