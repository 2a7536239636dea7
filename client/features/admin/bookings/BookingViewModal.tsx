// A booking's detail: the participant, what was booked, and the answers to the event's registration
// questions, each under the question as it was asked, its payment and payments received, and its
// invoices and credit notes.
import { Modal, Stack, Table, Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { failureText } from '@client/features/admin/kit/notify';
import type { BookingItem } from './BookingFormModal';
import { BOOKING_STATUS_LABELS, bookingViewStatus } from '@server/bookings/bookings.schemas';
import { useDates } from '@client/use-dates';
import { BookingInvoices } from './BookingInvoices';
import { type BookingChange, BookingPayments } from './BookingPayments';

interface BookingViewModalProps {
  booking: BookingItem | null;
  timeZone: string;
  onClose: () => void;
  /** A refund or refund marked in the detail: what it changed, for the page to show at once. */
  onChanged?: (change: BookingChange) => void;
}

export function BookingViewModal({ booking, timeZone, onClose, onChanged }: BookingViewModalProps) {
  return (
    <Modal opened={booking !== null} onClose={onClose} title={booking === null ? 'Booking' : `Booking of ${booking.participantName}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {booking !== null && <BookingView booking={booking} timeZone={timeZone} onChanged={onChanged} />}
    </Modal>
  );
}

function BookingView({ booking, timeZone, onChanged }: { booking: BookingItem; timeZone: string; onChanged: BookingViewModalProps['onChanged'] }) {
  const dates = useDates();
  const answers = trpc.registrationQuestions.answersOf.useQuery({ id: booking.id });
  const rows: [string, string][] = [
    ['Name', booking.participantName],
    ['Email', booking.participantEmail],
    ['Phone', booking.participantPhone ?? 'Not given'],
    ['Status', BOOKING_STATUS_LABELS[bookingViewStatus(booking)]],
    ['Event', booking.eventTitle],
    ['Session', booking.sessionTitle],
    ['Time', dates.range(booking.slotStartTime, booking.slotEndTime, timeZone)],
    // Made in a partner's page through the booking widget.
    ...(booking.partner === null ? [] : [['Partner', booking.partner] satisfies [string, string]]),
    ...(answers.data ?? []).map((answer): [string, string] => [answer.label, answer.value]),
  ];
  return (
    <Stack gap="sm">
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value], index) => (
            <Table.Tr key={`${index}-${label}`}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {answers.isPending && <Text size="sm">Loading answers...</Text>}
      {answers.isError && <Text c="red" size="sm">{failureText('Failed to load the answers', answers.error)}</Text>}
      {answers.data?.length === 0 && <Text size="sm" c="dimmed">No answers to registration questions.</Text>}
      <BookingPayments booking={booking} timeZone={timeZone} onChanged={onChanged} />
      <BookingInvoices bookingId={booking.id} />
    </Stack>
  );
}
