// The bookings screen: counts by status, server-side search, status filter and pages, the booking
// modal, quick status changes, deletes (admins only) and a CSV export of the current filter.
import { Alert, Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { AdminPage } from '../kit/AdminPage';
import { ListToolbar } from '../kit/ListToolbar';
import { ExportCsvButton } from '../kit/ExportCsvButton';
import { ListFooter } from '../kit/ListFooter';
import { confirmDelete, failureText, notifyError, notifySuccess } from '../kit/notify';
import { PlusIcon } from '../kit/icons';
import { StatCard } from '../kit/StatCard';
import { useCurrentUser } from '../kit/useCurrentUser';
import { useKeepPageInRange } from '../kit/useKeepPageInRange';
import { useListState } from '../kit/useListState';
import { useSiteTimezone } from '../kit/useSiteTimezone';
import { type BookingItem, BookingFormModal } from './BookingFormModal';
import { BOOKING_FILTER_OPTIONS, BOOKING_STATUS_OPTIONS, type BookingStatus } from './bookingStatus';
import { BookingsTable } from './BookingsTable';

const EXPORT_ROUTE = '/api/export/bookings.csv';

function statusLabel(status: BookingStatus): string {
  return BOOKING_STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status;
}

export function BookingsPage() {
  const { isAdmin } = useCurrentUser();
  const { timeZone, format } = useSiteTimezone();
  const list = useListState<'all' | BookingStatus>('all');
  const stats = trpc.bookings.stats.useQuery();
  const bookings = trpc.bookings.list.useQuery(list.query, { placeholderData: keepPreviousData });
  useKeepPageInRange(bookings.data, list.page, list.setPage);
  // The target outlives `opened`, so a closing modal keeps its title while it fades out.
  const [modal, setModal] = useState<{ opened: boolean; booking: BookingItem | null }>({ opened: false, booking: null });

  const utils = trpc.useUtils();
  const onSettled = () => Promise.all([utils.bookings.invalidate(), utils.sessions.get.invalidate(), utils.dashboard.invalidate()]);
  const setStatus = trpc.bookings.setStatus.useMutation({ onSettled });
  const remove = trpc.bookings.delete.useMutation({ onSettled });

  const changeStatus = (booking: BookingItem, status: BookingStatus) => {
    setStatus.mutate(
      { id: booking.id, status },
      {
        onSuccess: () => notifySuccess(`Booking of ${booking.participantName} is now ${statusLabel(status)}`),
        onError: (error) => notifyError(failureText('Failed to update booking status', error)),
      },
    );
  };
  const deleteBooking = (booking: BookingItem) => {
    if (!confirmDelete('booking')) return;
    remove.mutate(
      { id: booking.id },
      {
        onSuccess: () => notifySuccess(`Booking of ${booking.participantName} deleted successfully`),
        onError: (error) => notifyError(failureText('Failed to delete booking', error)),
      },
    );
  };

  return (
    <AdminPage
      title="Bookings"
      actions={
        <>
          <ExportCsvButton route={EXPORT_ROUTE} filter={{ search: list.query.search, status: list.query.status }} />
          <Button leftSection={<PlusIcon />} onClick={() => setModal({ opened: true, booking: null })}>
            Add Booking
          </Button>
        </>
      }
    >
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Total" value={stats.data?.total ?? '–'} loading={stats.isPending} />
        <StatCard label="Confirmed" value={stats.data?.confirmed ?? '–'} loading={stats.isPending} />
        <StatCard label="Pending" value={stats.data?.pending ?? '–'} loading={stats.isPending} />
        <StatCard label="Waitlisted" value={stats.data?.waitlisted ?? '–'} loading={stats.isPending} />
      </SimpleGrid>

      <ListToolbar list={list} noun="bookings" statusOptions={BOOKING_FILTER_OPTIONS} />

      {bookings.isPending ? (
        <Text role="status">Loading bookings...</Text>
      ) : bookings.isError ? (
        <Alert color="red" role="alert">
          {failureText('Failed to load bookings', bookings.error)}
        </Alert>
      ) : bookings.data.items.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">No bookings found</Text>
        </Paper>
      ) : (
        <>
          <BookingsTable
            bookings={bookings.data.items}
            timeZone={timeZone}
            format={format}
            canDelete={isAdmin}
            busyId={setStatus.isPending ? (setStatus.variables?.id ?? null) : null}
            onEdit={(booking) => setModal({ opened: true, booking })}
            onDelete={deleteBooking}
            onStatus={changeStatus}
          />
          <ListFooter total={bookings.data.total} page={list.page} onPage={list.setPage} />
        </>
      )}

      <BookingFormModal
        opened={modal.opened}
        booking={modal.booking}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
    </AdminPage>
  );
}
