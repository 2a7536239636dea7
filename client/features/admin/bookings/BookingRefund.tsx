// The refund actions of a paid booking's Payment block. "Refund" (a paid booking) cancels it after
// a confirmation that says what follows: the seat is freed, a credit note cancels the invoice and
// goes to the participant, and the money is then due back. "Mark Refunded" (a refund due) records
// the day the money went back; the server refuses a day after today under the field.
import { Button, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { PaymentStatus } from '@db/schema';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { todayIn } from '@client/features/admin/calendar/calendar-days';

interface RefundActionsProps {
  bookingId: string;
  status: PaymentStatus;
  /** What the buyer paid, as shown ('€119.00'). */
  amount: string;
  timeZone: string;
  /** The payment status the server answered, for the block to show before the list reloads. */
  onChanged: (status: PaymentStatus) => void;
}

export function RefundActions({ bookingId, status, amount, timeZone, onChanged }: RefundActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [marking, setMarking] = useState(false);
  const utils = trpc.useUtils();
  const refreshAll = () => Promise.all([utils.payments.invalidate(), utils.invoices.forBooking.invalidate({ bookingId }), utils.bookings.list.invalidate(), utils.bookings.stats.invalidate()]);
  const refund = trpc.payments.refund.useMutation({
    onSuccess: async (result) => {
      notifySuccess(`Booking cancelled; credit note ${result.creditNoteNumber ?? ''} issued. Mark it refunded once the money has gone back.`);
      setConfirming(false);
      onChanged('refund-due');
      await refreshAll();
    },
    onError: (error) => notifyError(failureText('Failed to refund the booking', error)),
  });
  if (status === 'paid') {
    return (
      <>
        <Group>
          <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
            Refund
          </Button>
        </Group>
        <ConfirmDialog
          opened={confirming}
          onClose={() => setConfirming(false)}
          title="Refund Booking"
          confirmLabel="Refund"
          pending={refund.isPending}
          onConfirm={() => refund.mutate({ bookingId })}
        >
          <Text>
            The booking will be cancelled and its seat freed. A credit note cancelling its invoice will be issued and e-mailed to the participant, and {amount} will be due back to the buyer.
          </Text>
        </ConfirmDialog>
      </>
    );
  }
  if (status !== 'refund-due') return null;
  const refunded = async () => {
    setMarking(false);
    onChanged('refunded');
    await refreshAll();
  };
  return marking ? (
    <MarkRefundedForm bookingId={bookingId} timeZone={timeZone} onCancel={() => setMarking(false)} onDone={refunded} />
  ) : (
    <Group>
      <Button size="xs" variant="light" onClick={() => setMarking(true)}>
        Mark Refunded
      </Button>
    </Group>
  );
}

function MarkRefundedForm({ bookingId, timeZone, onCancel, onDone }: { bookingId: string; timeZone: string; onCancel: () => void; onDone: () => Promise<void> }) {
  const today = todayIn(timeZone);
  const form = useForm({ initialValues: { refundedOn: today as string | null } });
  const markRefunded = trpc.payments.markRefunded.useMutation({
    onSuccess: async () => {
      notifySuccess('Refund recorded.');
      await onDone();
    },
    onError: (error) => {
      const errors = fieldErrorsOf(error);
      form.setErrors(errors.refundedOn === undefined ? { refundedOn: failureText('Failed to record the refund', error) } : errors);
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => markRefunded.mutate({ bookingId, refundedOn: values.refundedOn ?? '' }))} aria-label="Mark refunded">
      <Stack gap="xs">
        <DatePickerInput label="Refunded on" withAsterisk valueFormat="D MMM YYYY" maxDate={today} {...form.getInputProps('refundedOn')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={markRefunded.isPending}>
            Record Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
