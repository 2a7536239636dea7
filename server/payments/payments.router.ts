// Payments: staff (any signed-in account) see a booking's payments and record one by hand. Thin:
// the rules are in payments.service.ts.
import { router, staffProcedure } from '@server/trpc/init';
import { markPaidInput, paymentOutput, paymentsForBookingInput } from './payments.schemas';
import { markPaid, paymentsForBooking } from './payments.service';
import { paymentListInput, paymentListOutput } from './payments-list.schemas';
import { listPayments } from './payments-list.service';

export const paymentsRouter = router({
  markPaid: staffProcedure
    .meta({
      description:
        "Records a bank transfer by hand for a booking awaiting payment: amountMinor must be the booking's total (a partial or different amount is refused, BAD_REQUEST on amountMinor), paidOn a day not after today (the site's time zone). The booking becomes confirmed and paid, the participant gets the receipt, a payment.received webhook event is sent (audited); CONFLICT when already paid, PRECONDITION_FAILED for a booking not awaiting payment with its seat.",
    })
    .input(markPaidInput)
    .output(paymentOutput)
    .mutation(({ ctx, input }) => markPaid(ctx, input)),

  forBooking: staffProcedure
    .meta({ description: "A booking's payments, oldest first: amount in minor units, currency, the day it arrived, method and source ('manual' or 'statement'), who recorded it." })
    .input(paymentsForBookingInput)
    .output(paymentOutput.array())
    .query(({ ctx, input }) => paymentsForBooking(ctx, input)),

  list: staffProcedure
    .meta({
      description:
        "The paid bookings, newest first, a page at a time: participant, buyer's company, session and event, invoice number and date, credit note, net/tax/gross in minor units with the currency, payment reference, deadline, the day the latest payment arrived, and status ('awaiting', 'overdue' = awaiting past its deadline, 'paid', 'refund-due', 'refunded'; 'cancelled' or 'waitlisted' for one awaiting payment that holds no seat). Filters: status, from/to on the invoice's date (YYYY-MM-DD, both included), search on name, e-mail, company, reference (spaces and case ignored) or invoice number.",
    })
    .input(paymentListInput)
    .output(paymentListOutput)
    .query(({ ctx, input }) => listPayments(ctx, input)),
});
