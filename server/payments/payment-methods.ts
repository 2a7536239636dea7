// Payment methods: one interface for every way a booking may be paid. Only 'bank_transfer' exists
// (an invoice paid by transfer, the B2B norm); a card provider later is one more entry here. The
// booking, its deadline and its expiry never ask which method a booking uses: they call the
// method's functions, and a method whose money arrives later (a transfer) says so by `start`.
import { newPaymentReference } from './payment-reference';

export const PAYMENT_METHOD_IDS = ['bank_transfer'] as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** What a method gives a new paid booking: the reference its payment is matched by. */
export interface PaymentStart {
  reference: string;
}

export interface PaymentMethod {
  id: PaymentMethodId;
  /** Called once in the booking's transaction, before the booking row is written. */
  start(): PaymentStart;
}

const bankTransfer: PaymentMethod = {
  id: 'bank_transfer',
  start: () => ({ reference: newPaymentReference() }),
};

const METHODS: Record<PaymentMethodId, PaymentMethod> = { bank_transfer: bankTransfer };

/** The method a public booking of a paid session uses (the only one, until a card provider). */
export const DEFAULT_PAYMENT_METHOD: PaymentMethodId = 'bank_transfer';

export function paymentMethod(id: PaymentMethodId): PaymentMethod {
  return METHODS[id];
}
