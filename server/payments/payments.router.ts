// Payments: staff (any signed-in account) see a booking's payments and record one by hand. Thin:
// the rules are in payments.service.ts.
import { router, staffProcedure } from '@server/trpc/init';
import { markPaidInput, markRefundedInput, paymentOutput, paymentsForBookingInput, refundInput, refundOutput } from './payments.schemas';
import { markPaid, paymentsForBooking } from './payments.service';
import { markRefunded, refundBooking } from './refunds.service';
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

  refund: staffProcedure
    .meta({
      description:
        "Gives a paid booking's money back: the booking is cancelled as any cancellation (its seat goes to the waitlist, the participant is e-mailed with the credit note attached), its invoice is credited by a credit note and its payment status becomes refund-due (audited). Answers the credit note's number. CONFLICT when its refund is already due or done, PRECONDITION_FAILED for a booking that is not paid (an unpaid one is simply cancelled), NOT_FOUND for an unknown booking.",
    })
    .input(refundInput)
    .output(refundOutput)
    .mutation(({ ctx, input }) => refundBooking(ctx, input)),

  markRefunded: staffProcedure
    .meta({
      description:
        "Records that a refund-due booking's money went back to the buyer on refundedOn (YYYY-MM-DD, not after today in the site's time zone, else BAD_REQUEST on refundedOn): a payment of the negative total (method bank_transfer, source manual), payment status refunded, a payment.refunded webhook event (audited). CONFLICT unless the booking's refund is due.",
    })
    .input(markRefundedInput)
    .output(paymentOutput)
    .mutation(({ ctx, input }) => markRefunded(ctx, input)),

  list: staffProcedure
    .meta({
      description:
        "The paid bookings, newest first, a page at a time: participant, buyer's company, session and event, invoice number and date, credit note, net/tax/gross in minor units with the currency, payment reference, deadline, the day the latest payment arrived, and status ('awaiting', 'overdue' = awaiting past its deadline, 'paid', 'refund-due', 'refunded'; 'cancelled' or 'waitlisted' for one awaiting payment that holds no seat). Filters: status, from/to on the invoice's date (YYYY-MM-DD, both included), search on name, e-mail, company, reference (spaces and case ignored) or invoice number.",
    })
    .input(paymentListInput)
    .output(paymentListOutput)
    .query(({ ctx, input }) => listPayments(ctx, input)),
});
