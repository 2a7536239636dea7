// The bookings screen's filters: search (participants, event and session titles), status, event,
// session, partner site (shown once a booking came through a partner's widget) and a date range of slot days in the site's timezone. The values live in the URL (see
// booking-search.ts); the search text is debounced before it reaches the URL and the server.
import { Button, Group, Select, Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { DateFilter } from '@client/features/admin/kit/DateFilter';
import { SearchFilter } from '@client/features/admin/kit/SearchFilter';
import { PartnerFilter } from '@client/features/admin/kit/PartnerFilter';
import { BOOKING_FILTER_OPTIONS } from './booking-status';
import type { BookingSearch } from './booking-search';

/** The list procedures' largest page: the filter menus offer the first 100 events and sessions. */
const MENU_SIZE = 100;

interface BookingFiltersProps {
  filters: BookingSearch;
  /** Any change goes back to page 1. */
  onChange: (patch: Partial<BookingSearch>) => void;
  timeZoneLabel: string;
}

export function BookingFilters({ filters, onChange, timeZoneLabel }: BookingFiltersProps) {

  const events = trpc.events.adminList.useQuery({ pageSize: MENU_SIZE });
  const sessions = trpc.sessions.list.useQuery({ pageSize: MENU_SIZE, eventId: filters.eventId });
  const partners = trpc.bookings.partners.useQuery();
  const anyFilter = Object.entries(filters).some(([key, value]) => key !== 'page' && value !== undefined);

  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <SearchFilter search={filters.search} onSearch={(search) => onChange({ search })} label="Search bookings" placeholder="Search bookings..." width={280} />
      <Select
        aria-label="Filter by status"
        data={BOOKING_FILTER_OPTIONS}
        value={filters.status ?? 'all'}
        onChange={(value) => {
          const option = BOOKING_FILTER_OPTIONS.find((candidate) => candidate.value === value);
          if (option !== undefined) onChange({ status: option.value === 'all' ? undefined : option.value });
        }}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        aria-label="Filter by event"
        placeholder="All events"
        data={(events.data?.items ?? []).map((event) => ({ value: event.id, label: event.title }))}
        value={filters.eventId ?? null}
        onChange={(value) => onChange({ eventId: value ?? undefined, sessionId: undefined })}
        searchable
        clearable
        nothingFoundMessage="No events found"
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        aria-label="Filter by session"
        placeholder="All sessions"
        data={(sessions.data?.items ?? []).map((session) => ({ value: session.id, label: session.title }))}
        value={filters.sessionId ?? null}
        onChange={(value) => onChange({ sessionId: value ?? undefined })}
        searchable
        clearable
        nothingFoundMessage="No sessions found"
        w={{ base: '100%', xs: 220 }}
      />
      <PartnerFilter aria-label="Filter by partner" partners={partners.data} value={filters.partner} onChange={(partner) => onChange({ partner })} w={{ base: '100%', xs: 220 }} />
      <DateFilter
        label="From"
        description={timeZoneLabel}
        value={filters.from}
        maxDate={filters.to}
        onChange={(from) => onChange({ from })}
        w={{ base: '47%', xs: 170 }}
      />
      <DateFilter
        label="To"
        description={timeZoneLabel}
        value={filters.to}
        minDate={filters.from}
        onChange={(to) => onChange({ to })}
        w={{ base: '47%', xs: 170 }}
      />
      {filters.bookingId !== undefined && (
        <Text size="sm" c="dimmed" pb={8}>
          One booking
        </Text>
      )}
      {filters.timeSlotId !== undefined && (
        <Text size="sm" c="dimmed" pb={8}>
          One time slot&apos;s bookings
        </Text>
      )}
      {anyFilter && (
        <Button
          variant="subtle"
          onClick={() => onChange({ search: undefined, status: undefined, eventId: undefined, sessionId: undefined, timeSlotId: undefined, bookingId: undefined, partner: undefined, from: undefined, to: undefined })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
