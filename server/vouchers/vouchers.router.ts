import { checkVoucherInput, createVoucherInput, deleteVoucherInput, updateVoucherInput, voucherListInput } from './vouchers.schemas';
import { checkVoucher, createVoucher, deleteVoucher, listVouchers, updateVoucher } from './vouchers.service';
import { adminProcedure, router } from '@server/trpc/init';
import { publicFormProcedure } from '@server/trpc/public-forms';

export const vouchersRouter = router({
  list: adminProcedure
    .meta({ description: 'Vouchers, newest first, paged: code, percent or amount (minor units) off, valid days, uses allowed and used, and the events it is for (empty: every paid session).' })
    .input(voucherListInput)
    .query(({ ctx, input }) => listVouchers(ctx, input)),

  create: adminProcedure
    .meta({ description: 'Makes a voucher: a code (unique regardless of case; CONFLICT on the `code` field when taken), a percentage or an amount in minor units of the site currency, optional first and last day (site time zone) and number of uses, for all paid sessions or chosen events (audited).' })
    .input(createVoucherInput)
    .mutation(({ ctx, input }) => createVoucher(ctx, input)),

  update: adminProcedure
    .meta({ description: 'Changes a voucher (same fields as create, with its id); the number of uses cannot go below the uses already taken (audited).' })
    .input(updateVoucherInput)
    .mutation(({ ctx, input }) => updateVoucher(ctx, input)),

  delete: adminProcedure
    .meta({ description: 'Deletes a voucher nobody has used; a used one is refused (CONFLICT): set its last day instead (audited).' })
    .input(deleteVoucherInput)
    .mutation(({ ctx, input }) => deleteVoucher(ctx, input)),

  check: publicFormProcedure('booking')
    .meta({ description: "The public booking form's voucher check: what a code takes off a seat of the slot (`discount`: percent or amountMinor), using nothing; an unknown, not yet valid, expired or used-up code, or one not valid for the slot's event, is BAD_REQUEST with a message on the `voucherCode` field. Counts against the booking form's rate limit." })
    .input(checkVoucherInput)
    .query(({ ctx, input }) => checkVoucher(ctx, input)),
});
