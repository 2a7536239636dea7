// The bookings screen: counts by status, server-side search and filters (status, event, session,
// date range; kept in the URL so a filtered view can be shared and reloaded) and pages, the booking
// modal, quick status changes, deletes (admins only), a CSV export of the current filters, and bulk
// actions on the rows ticked or on everything the filters match.
import '@client/zod-config'; // before any schema of this chunk is created
import { Button, SimpleGrid } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { ExportCsvButton, exportHref } from '@client/features/admin/kit/ExportCsvButton';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { useConfirmWithParticipantsTold } from '@client/features/admin/kit/participants-told';
import { PlusIcon } from '@client/features/admin/kit/icons';
import { StatCard } from '@client/features/admin/kit/StatCard';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useKeepPageInRange } from '@client/features/admin/kit/use-keep-page-in-range';
import { PAGE_SIZE } from '@client/features/admin/kit/use-list-state';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { type BookingItem, BookingFormModal } from './BookingFormModal';
import { BookingViewModal } from './BookingViewModal';
import { BookingFilters } from './BookingFilters';
import type { BookingSearch } from './booking-search';
import { BOOKING_STATUS_OPTIONS, type BookingStatus } from './booking-status';
import { BookingRows, bookingsColumns } from './BookingsTable';
import { BulkBar, type BulkResult, BulkResultNotice, type BulkSelection } from './BulkActions';

const NOTHING_CHOSEN: BulkSelection = { kind: 'chosen', ids: new Set() };

const EXPORT_ROUTE = '/api/export/bookings.csv';

function statusLabel(status: BookingStatus): string {
  return BOOKING_STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status;
}

const bookingsRoute = getRouteApi('/admin/bookings');

/** The screen at /admin/bookings: its filters are the URL's search params. */
export function BookingsRoutePage() {
  const filters = bookingsRoute.useSearch();
  const navigate = bookingsRoute.useNavigate();
  return <BookingsPage filters={filters} onFiltersChange={(search) => void navigate({ search, replace: true })} />;
}

/** Without `filters`, the screen keeps its filters itself (as when embedded outside the router). */
export function BookingsPage({
  filters: givenFilters,
  onFiltersChange,
}: {
  filters?: BookingSearch;
  onFiltersChange?: (filters: BookingSearch) => void;
} = {}) {
  const { isAdmin } = useCurrentUser();
  const { timeZone, format } = useSiteTimezone();
  const [ownFilters, setOwnFilters] = useState<BookingSearch>({});
  const filters = givenFilters ?? ownFilters;
  const setFilters = onFiltersChange ?? setOwnFilters;
  const withoutEmpty = (next: BookingSearch): BookingSearch =>
    Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)) as BookingSearch;
  // A slot (opened from the calendar or the dashboard) belongs to one event, session and day: choosing another one of
  // those leaves the slot behind rather than matching nothing.
  const leavesSlot = (patch: Partial<BookingSearch>) => ['eventId', 'sessionId', 'from', 'to'].some((key) => key in patch);
  const updateFilters = (patch: Partial<BookingSearch>) =>
    setFilters(withoutEmpty({ ...filters, ...(leavesSlot(patch) ? { timeSlotId: undefined } : {}), ...patch, page: undefined }));
  const page = filters.page ?? 1;
  const setPage = (next: number) => setFilters(withoutEmpty({ ...filters, page: next > 1 ? next : undefined }));
  const filter = {
    search: filters.search,
    status: filters.status ?? ('all' as const),
    eventId: filters.eventId,
    sessionId: filters.sessionId,
    timeSlotId: filters.timeSlotId,
    ids: filters.bookingId,
    partner: filters.partner,
    from: filters.from,
    to: filters.to,
  };
  const stats = trpc.bookings.stats.useQuery();
  const bookings = trpc.bookings.list.useQuery({ ...filter, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  useKeepPageInRange(bookings.data, page, setPage);
  // The target outlives `opened`, so a closing modal keeps its title while it fades out.
  const [modal, setModal] = useState<{ opened: boolean; booking: BookingItem | null }>({ opened: false, booking: null });
  const [viewed, setViewed] = useState<BookingItem | null>(null);

  const utils = trpc.useUtils();
  const onSettled = () => Promise.all([utils.bookings.invalidate(), utils.sessions.get.invalidate(), utils.dashboard.invalidate()]);
  const setStatus = trpc.bookings.setStatus.useMutation({ onSettled });
  const remove = trpc.bookings.delete.useMutation({ onSettled });

  // Ticked rows belong to the page and filters they were ticked on: a new page or filter starts over.
  const selectionKey = JSON.stringify({ filter, page });
  const [chosen, setChosen] = useState<{ key: string; selection: BulkSelection }>({ key: selectionKey, selection: NOTHING_CHOSEN });
  const selection = chosen.key === selectionKey ? chosen.selection : NOTHING_CHOSEN;
  const setSelection = (next: BulkSelection) => setChosen({ key: selectionKey, selection: next });
  const [bulkResult, setBulkResult] = useState<{ result: BulkResult; status: 'confirmed' | 'cancelled' } | null>(null);
  const pageItems = bookings.data?.items ?? [];
  // The booking open in its detail as the list now has it: a refund or a payment recorded there
  // reloads the list, and the detail's status follows. A booking the list no longer holds (a
  // filter on Confirmed, after a refund) shows what the detail's action answered (onChanged).
  const viewedNow = viewed === null ? null : (pageItems.find((item) => item.id === viewed.id) ?? viewed);
  const isSelected = (booking: BookingItem) => selection.kind === 'matching' || selection.ids.has(booking.id);
  const tickedOnPage = pageItems.filter(isSelected).length;
  const pageTicked = tickedOnPage === 0 ? 'none' : tickedOnPage === pageItems.length ? 'all' : 'some';
  const toggle = (booking: BookingItem) => {
    const ids = new Set(selection.kind === 'chosen' ? selection.ids : pageItems.map((item) => item.id));
    if (ids.has(booking.id)) ids.delete(booking.id);
    else ids.add(booking.id);
    setSelection({ kind: 'chosen', ids });
  };
  const togglePage = () => setSelection(pageTicked === 'all' ? NOTHING_CHOSEN : { kind: 'chosen', ids: new Set(pageItems.map((item) => item.id)) });
  const setStatusMany = trpc.bookings.setStatusMany.useMutation({ onSettled });
  const applyToSelection = (status: 'confirmed' | 'cancelled') => {
    const count = selection.kind === 'matching' ? (bookings.data?.total ?? 0) : selection.ids.size;
    const what = `${count} booking${count === 1 ? '' : 's'}`;
    if (status === 'cancelled' && !window.confirm(`Cancel ${what}? Each participant is told by e-mail.`)) return;
    const target = selection.kind === 'matching' ? { filter } : { ids: [...selection.ids] };
    setStatusMany.mutate(
      { ...target, status },
      {
        onSuccess: (result) => {
          setBulkResult({ result, status });
          setSelection(NOTHING_CHOSEN);
        },
        onError: (error) => notifyError(failureText('Failed to update bookings', error)),
      },
    );
  };
  const selectedExport =
    selection.kind === 'matching' ? exportHref(EXPORT_ROUTE, filter) : exportHref(EXPORT_ROUTE, { ids: [...selection.ids].join(',') });

  const changeStatus = (booking: BookingItem, status: BookingStatus) => {
    setStatus.mutate(
      { id: booking.id, status },
      {
        onSuccess: () => notifySuccess(`Booking of ${booking.participantName} is now ${statusLabel(status)}`),
        onError: (error) => notifyError(failureText('Failed to update booking status', error)),
      },
    );
  };
  const confirmWithTold = useConfirmWithParticipantsTold();
  const deleteBooking = async (booking: BookingItem) => {
    if (!(await confirmWithTold('Are you sure you want to delete this booking?', { bookingId: booking.id }))) return;
    remove.mutate(
      { id: booking.id },
      {
        onSuccess: () => notifySuccess(`Booking of ${booking.participantName} deleted successfully`),
        onError: (error) => notifyError(failureText('Failed to delete booking', error)),
      },
    );
  };

  return (
    <>
      <ListPage
        title="Bookings"
        actions={
          <>
            <ExportCsvButton route={EXPORT_ROUTE} filter={filter} />
            <Button leftSection={<PlusIcon />} onClick={() => setModal({ opened: true, booking: null })}>
              Add Booking
            </Button>
          </>
        }
        summary={
          // "Awaiting payment" has a card once a paid booking exists: a site without paid sessions looks as before.
          <SimpleGrid cols={{ base: 2, md: (stats.data?.['awaiting-payment'] ?? 0) > 0 ? 5 : 4 }}>
            <StatCard label="Total" value={stats.data?.total ?? '–'} loading={stats.isPending} />
            <StatCard label="Confirmed" value={stats.data?.confirmed ?? '–'} loading={stats.isPending} />
            <StatCard label="Pending" value={stats.data?.pending ?? '–'} loading={stats.isPending} />
            {(stats.data?.['awaiting-payment'] ?? 0) > 0 && <StatCard label="Awaiting payment" value={stats.data?.['awaiting-payment'] ?? 0} loading={false} />}
            <StatCard label="Waitlisted" value={stats.data?.waitlisted ?? '–'} loading={stats.isPending} />
          </SimpleGrid>
        }
        // The search box is one of the filters here: its text lives in the URL with them.
        filters={<BookingFilters filters={filters} onChange={updateFilters} timeZoneLabel={`Days in ${timeZone}`} />}
        notice={
          <>
            {bulkResult !== null && <BulkResultNotice result={bulkResult.result} status={bulkResult.status} onClose={() => setBulkResult(null)} />}
            <BulkBar
              selection={selection}
              total={bookings.data?.total ?? 0}
              busy={setStatusMany.isPending}
              exportHref={selectedExport}
              onSelectAllMatching={() => setSelection({ kind: 'matching' })}
              onClear={() => setSelection(NOTHING_CHOSEN)}
              onStatus={applyToSelection}
            />
          </>
        }
        query={bookings}
        tableLabel="Bookings"
        minWidth={900}
        // Narrow cell padding: seven columns, the slot and the booking date on two unbroken lines.
        compact
        columns={bookingsColumns({ pageTicked, onTogglePage: togglePage })}
        rows={(items) => (
          <BookingRows
            bookings={items}
            timeZone={timeZone}
            format={format}
            canDelete={isAdmin}
            busyId={setStatus.isPending ? (setStatus.variables?.id ?? null) : null}
            onEdit={(booking) => setModal({ opened: true, booking })}
            onView={setViewed}
            onDelete={(booking) => void deleteBooking(booking)}
            onStatus={changeStatus}
            isSelected={isSelected}
            onToggle={toggle}
          />
        )}
        loadingText="Loading bookings..."
        errorText={(error) => failureText('Failed to load bookings', error)}
        empty={{ title: 'No bookings found' }}
        page={page}
        onPage={setPage}
      />

      <BookingFormModal
        opened={modal.opened}
        booking={modal.booking}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
      />
      <BookingViewModal
        booking={viewedNow}
        timeZone={timeZone}
        onClose={() => setViewed(null)}
        onChanged={(change) => setViewed((current) => (current === null ? null : { ...current, ...change }))}
      />
    </>
  );
}
