// The accountant's CSV of the Payments screen (GET /api/exports/payments.csv, streamed by
// server/exports): one line per invoice and per credit note, in the order they were issued, with the
// amounts as decimals with a point (credit notes negative) and their currency, the buyer as printed,
// the payment reference, due date, the day the money arrived and where it stands. Same filters as
// payments.list; from/to select each document by its own date.
import { EXPORT_PAGE_SIZE, type ExportSpec } from '@server/exports/exports.service';
import { buyerSchema } from '@server/invoices/invoices.schemas';
import { readStoredValue } from '@server/core/stored-json';
import { currencyDigits } from '@server/shared/money';
import { PAYMENT_ROW_STATUS_LABELS } from './payment-list-statuses.schemas';
import { paymentExportInput, type PaymentListFilter } from './payments-list.schemas';
import { listPaymentDocuments, paymentRowStatus, type PaymentDocument } from './payments-list.repository';

/** Minor units as a decimal with a point and the currency's digits: 3966 EUR → '39.66', -3966 → '-39.66'. */
export function decimalAmount(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  if (digits === 0) return `${sign}${Math.abs(amountMinor)}`;
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const NO_BUYER = { company: null, name: '' };

function statusOf(document: PaymentDocument, now: string): string {
  if (document.kind === 'credit-note') return 'Credit note';
  if (document.booking === null) return 'Booking deleted';
  return PAYMENT_ROW_STATUS_LABELS[paymentRowStatus(document.booking, now)];
}

export function paymentsExport(now: string): ExportSpec<PaymentListFilter, PaymentDocument> {
  return {
    name: 'payments',
    entity: 'booking',
    filter: paymentExportInput,
    header: ['Invoice Number', 'Invoice Date', 'Kind', 'Buyer Company', 'Buyer Name', 'Net', 'Tax', 'Gross', 'Currency', 'Payment Reference', 'Due Date', 'Paid On', 'Status'],
    // The export reads pages until one is short, and needs no count.
    list: async ({ db }, filter, page) => {
      const items = await listPaymentDocuments(db, { ...filter, page, pageSize: EXPORT_PAGE_SIZE, now });
      return { items, total: items.length };
    },
    row: (document) => {
      const buyer = readStoredValue(`invoice ${document.number} buyer`, document.buyer, buyerSchema, NO_BUYER);
      const credit = document.kind === 'credit-note';
      return [
        document.number,
        document.issueDate,
        credit ? 'Credit note' : 'Invoice',
        buyer.company ?? '',
        buyer.name,
        decimalAmount(document.netMinor, document.currency),
        decimalAmount(document.taxMinor, document.currency),
        decimalAmount(document.grossMinor, document.currency),
        document.currency,
        document.paymentReference,
        document.dueDate,
        credit ? '' : document.paidOn,
        statusOf(document, now),
      ];
    },
  };
}
