// The bookings table: a tick box per row (for the bulk actions), participant, session and its event,
// slot, booking date, status (a quick status menu) and actions. Titles only, no ids, so rows stay
// one or two lines (long names and addresses cut with an ellipsis, whole on hover) and the table fits a 1,280 px screen with its actions; times are shown in the
// site's zone, which they name.
import { ActionIcon, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { DeleteIcon, EditIcon, ViewIcon } from '@client/features/admin/kit/icons';
import type { ListColumn } from '@client/features/admin/kit/ListTable';
import { CellText } from '@client/features/admin/kit/cells';
import { partnerLabel } from '@client/features/admin/kit/PartnerFilter';
import { StatusBadgeMenu } from '@client/features/admin/kit/StatusBadgeMenu';
import type { BookingItem } from './BookingFormModal';
import { bookingViewStatus, type BookingViewStatus } from '@server/bookings/bookings.schemas';
import { BOOKING_VIEW_STATUS_OPTIONS, type BookingStatus } from './booking-status';
import { useDates } from '@client/use-dates';

interface BookingsTableProps {
  bookings: BookingItem[];
  timeZone: string;
  format: (iso: string) => string;
  canDelete: boolean;
  /** The booking whose status is being changed, if any. */
  busyId: string | null;
  onEdit: (booking: BookingItem) => void;
  /** Opens the booking's detail with its answers. */
  onView: (booking: BookingItem) => void;
  onDelete: (booking: BookingItem) => void;
  onStatus: (booking: BookingItem, status: BookingStatus) => void;
  /** Ticked rows (every row when all matching bookings are chosen). */
  isSelected: (booking: BookingItem) => boolean;
  onToggle: (booking: BookingItem) => void;
}

/** The table's columns; the first one's header ticks or clears every row of the page. */
export function bookingsColumns({ pageTicked, onTogglePage }: { pageTicked: 'all' | 'some' | 'none'; onTogglePage: () => void }): ListColumn[] {
  return [
    {
      label: 'Select',
      kind: 'select',
      width: 40,
      header: (
        <Checkbox
          aria-label="Select every booking on this page"
          checked={pageTicked === 'all'}
          indeterminate={pageTicked === 'some'}
          onChange={onTogglePage}
        />
      ),
    },
    { label: 'Participant' },
    { label: 'Session' },
    { label: 'Time Slot' },
    { label: 'Booking Date' },
    // Wide enough that the badge label is never cut.
    { label: 'Status', minWidth: 170 },
    { label: 'Actions', kind: 'actions' },
  ];
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A slot on two unbroken lines, its date and its times with their zone; the whole line is its title. */
function SlotWhen({ start, end, timeZone }: { start: string; end: string; timeZone: string }) {
  const dates = useDates();
  const startDate = dates.shortDate(start, timeZone);
  const endDate = dates.shortDate(end, timeZone);
  const times = startDate === endDate ? dates.timeRange(start, end, timeZone) : `${dates.time(start, timeZone)} – ${endDate}, ${dates.time(end, timeZone)}`;
  return (
    <Stack gap={0} title={dates.range(start, end, timeZone)}>
      <Text size="sm" style={NO_WRAP}>
        {startDate}
      </Text>
      <Text size="sm" c="dimmed" style={NO_WRAP}>
        {`${times} ${dates.zone(start, timeZone)}`}
      </Text>
    </Stack>
  );
}

/** The table's rows (the list page draws the table around them). */
export function BookingRows({ bookings, timeZone, format, canDelete, busyId, onEdit, onView, onDelete, onStatus, isSelected, onToggle }: BookingsTableProps) {
  const dates = useDates();
  return (
    <>
      {bookings.map((booking) => (
        <Table.Tr key={booking.id}>
          <Table.Td>
            <Checkbox aria-label={`Select booking of ${booking.participantName}`} checked={isSelected(booking)} onChange={() => onToggle(booking)} />
          </Table.Td>
          <Table.Td>
            <Stack gap={0}>
              <CellText text={booking.participantName} size="sm" fw={500} maxWidth={190} />
              <CellText text={booking.participantEmail} maxWidth={190} />
              {booking.participantPhone !== null && (
                <Text size="sm" c="dimmed">
                  {booking.participantPhone}
                </Text>
              )}
              {booking.partner !== null && (
                <Text size="sm" c="dimmed">
                  via {partnerLabel(booking.partner)}
                </Text>
              )}
            </Stack>
          </Table.Td>
          <Table.Td>
            <Stack gap={0}>
              <CellText text={booking.sessionTitle} fw={500} maxWidth={190} />
              <CellText text={booking.eventTitle} c="dimmed" maxWidth={190} />
            </Stack>
          </Table.Td>
          <Table.Td>
            <SlotWhen start={booking.slotStartTime} end={booking.slotEndTime} timeZone={timeZone} />
          </Table.Td>
          <Table.Td>
            <Stack gap={0} title={format(booking.bookingDate)}>
              <Text size="sm" style={NO_WRAP}>
                {dates.mediumDate(booking.bookingDate, timeZone)}
              </Text>
              <Text size="sm" c="dimmed" style={NO_WRAP}>
                {`${dates.time(booking.bookingDate, timeZone)} ${dates.zone(booking.bookingDate, timeZone)}`}
              </Text>
            </Stack>
          </Table.Td>
          <Table.Td>
            <StatusBadgeMenu<BookingViewStatus>
              value={bookingViewStatus(booking)}
              options={BOOKING_VIEW_STATUS_OPTIONS}
              // An awaiting booking is pending already: the menu offers the other statuses.
              shownOnly={booking.paymentStatus === 'awaiting' ? ['awaiting-payment', 'pending'] : ['awaiting-payment']}
              subject={`booking of ${booking.participantName}`}
              busy={busyId === booking.id}
              onChange={(status) => {
                if (status !== 'awaiting-payment') onStatus(booking, status);
              }}
            />
            {booking.status === 'waitlisted' && booking.offerExpiresAt !== null && (
              <Text size="xs" c="dimmed" mt={4}>
                Offered until {format(booking.offerExpiresAt)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`View booking of ${booking.participantName}`} onClick={() => onView(booking)}>
                <ViewIcon />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={`Edit booking of ${booking.participantName}`} onClick={() => onEdit(booking)}>
                <EditIcon />
              </ActionIcon>
              {canDelete && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete booking of ${booking.participantName}`}
                  onClick={() => onDelete(booking)}
                >
                  <DeleteIcon />
                </ActionIcon>
              )}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
