// The Payment block of a paid booking's detail: what it owes (total, reference, deadline), where its
// money stands, the payments received, and "Mark paid" for staff who see the transfer in the bank
// account. Only the booking's full total is recorded (the server refuses anything else and says why
// under the amount). A paid booking can be refunded and a refund marked done (BookingRefund.tsx); a
// refund is listed as a payment of the negative amount. A free booking shows no block.
import { Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { failureText, notifySuccess } from '@client/features/admin/kit/notify';
import { useDates } from '@client/use-dates';
import { todayIn } from '@client/features/admin/calendar/calendar-days';
import { formatPaymentReference, PAYMENT_STATUS_LABELS } from '@server/payments/payments.schemas';
import { currencyDigits, formatMoney, majorToMinor, minorToMajor } from '@server/shared/money';
import type { PaymentStatus } from '@db/schema';
import type { BookingItem } from './BookingFormModal';
import { RefundActions } from './BookingRefund';

const SOURCE_LABELS = { manual: 'Marked paid by hand', statement: 'Bank statement' } as const;
const REFUND_LABEL = 'Refund marked by hand';

/** What a refund action here did to the booking, for the detail to show before the list reloads. */
export type BookingChange = Pick<BookingItem, 'status' | 'paymentStatus'>;

export function BookingPayments({ booking, timeZone, onChanged }: { booking: BookingItem; timeZone: string; onChanged?: (change: BookingChange) => void }) {
  const dates = useDates();
  const payments = trpc.payments.forBooking.useQuery({ bookingId: booking.id }, { enabled: booking.paymentStatus !== null });
  const [marking, setMarking] = useState(false);
  // What a refund action here just answered, ahead of the list this booking came from.
  const [changed, setChanged] = useState<PaymentStatus | null>(null);
  const { paymentStatus, chargeGrossMinor: gross, chargeCurrency: currency } = booking;
  if (paymentStatus === null || gross === null || currency === null) return null;
  const money = (minor: number) => formatMoney(minor, currency, 'en-US');
  const received = payments.data ?? [];
  // The list this booking came from may be older than the payment just recorded here.
  const status = changed ?? (paymentStatus === 'awaiting' && received.length > 0 ? 'paid' : paymentStatus);
  const payable = status === 'awaiting' && (booking.status === 'pending' || booking.status === 'confirmed');
  const rows: [string, string][] = [
    ['Payment', PAYMENT_STATUS_LABELS[status]],
    ['Total', money(gross)],
    ...(booking.paymentReference === null ? [] : [['Reference', formatPaymentReference(booking.paymentReference)] as [string, string]]),
    ...(booking.paymentDueAt === null || status !== 'awaiting' ? [] : [['Pay by', dates.dateTime(booking.paymentDueAt, timeZone)] as [string, string]]),
  ];
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id="booking-payment">
        Payment
      </Text>
      <Table variant="vertical" withTableBorder layout="fixed" aria-labelledby="booking-payment">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {payments.isError && <Text c="red" size="sm">{failureText('Failed to load the payments', payments.error)}</Text>}
      {received.length > 0 && (
        <Table withTableBorder aria-label="Payments received">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received on</Table.Th>
              <Table.Th>How</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {received.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td>{dates.shortDate(`${payment.paidOn}T12:00:00Z`, 'UTC')}</Table.Td>
                <Table.Td>
                  {payment.amountMinor < 0 ? REFUND_LABEL : SOURCE_LABELS[payment.source]}
                  {payment.recordedBy !== null && (
                    <Text size="xs" c="dimmed">
                      by {payment.recordedBy}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(payment.amountMinor, payment.currency, 'en-US')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {payable && !marking && (
        <Group>
          <Button size="xs" variant="light" onClick={() => setMarking(true)}>
            Mark Paid
          </Button>
        </Group>
      )}
      <RefundActions bookingId={booking.id} status={status} amount={money(gross)} timeZone={timeZone} onChanged={(next) => {
          setChanged(next);
          // A refund cancels the booking as well: its Status row must not wait for the list (which,
          // filtered, may no longer hold it).
          onChanged?.({ status: next === 'refund-due' ? 'cancelled' : booking.status, paymentStatus: next });
        }}
      />
      {payable && marking && <MarkPaidForm booking={booking} gross={gross} currency={currency} timeZone={timeZone} onDone={() => setMarking(false)} />}
    </Stack>
  );
}

function MarkPaidForm({ booking, gross, currency, timeZone, onDone }: { booking: BookingItem; gross: number; currency: string; timeZone: string; onDone: () => void }) {
  const utils = trpc.useUtils();
  const today = todayIn(timeZone);
  const form = useForm({ initialValues: { amount: minorToMajor(gross, currency) as number | string, paidOn: today as string | null } });
  const markPaid = trpc.payments.markPaid.useMutation({
    onSuccess: async () => {
      notifySuccess('Payment recorded: the participant gets the receipt.');
      onDone();
      await Promise.all([utils.payments.forBooking.invalidate({ bookingId: booking.id }), utils.bookings.list.invalidate(), utils.bookings.stats.invalidate(), utils.payments.invalidate()]);
    },
    onError: (error) => {
      const { amountMinor, ...others } = fieldErrorsOf(error);
      form.setErrors({ ...others, ...(amountMinor === undefined ? {} : { amount: amountMinor }) });
      if (amountMinor === undefined && others.paidOn === undefined) form.setErrors({ amount: failureText('Failed to record the payment', error) });
    },
  });
  const submit = form.onSubmit((values) => {
    const amount = typeof values.amount === 'number' ? values.amount : Number.NaN;
    markPaid.mutate({ bookingId: booking.id, amountMinor: Number.isFinite(amount) ? majorToMinor(amount, currency) : 0, paidOn: values.paidOn ?? '' });
  });
  return (
    <form onSubmit={submit} aria-label="Mark paid">
      <Stack gap="xs">
        <Group align="flex-start" grow>
          <NumberInput
            label={`Amount received (${currency})`}
            withAsterisk
            min={0}
            decimalScale={currencyDigits(currency)}
            fixedDecimalScale
            description={`The booking's total is ${formatMoney(gross, currency, 'en-US')}.`}
            {...form.getInputProps('amount')}
          />
          <DatePickerInput label="Received on" withAsterisk valueFormat="D MMM YYYY" maxDate={today} {...form.getInputProps('paidOn')} />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={markPaid.isPending}>
            Record Payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
