// The back-office calendar at /admin/calendar: every slot of a week or a month in the site's
// timezone, coloured by how full it is; Previous / Today / Next move by the view's step, and a slot
// opens its bookings. The view and the day shown live in the URL (calendarSearch.ts). A week without
// a session names the next one and jumps to its week.
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { trpc } from '@client/trpc';
import { useDates } from '@client/use-dates';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { failureText } from '@client/features/admin/kit/notify';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { calendarRange, monthHeading, moveDay, todayIn, weekHeading, zonedDay } from './calendar-days';
import type { CalendarSearch, CalendarView } from './calendar-search';
import { type CalendarConsultation, type CalendarSlot, MonthGrid, MonthList, WeekView } from './CalendarViews';

const calendarRoute = getRouteApi('/admin/calendar');

/** The screen at /admin/calendar: its view and day are the URL's search params. */
export function CalendarRoutePage() {
  const search = calendarRoute.useSearch();
  const navigate = calendarRoute.useNavigate();
  return <CalendarPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}

/** Without `search`, the screen keeps its place itself (as when embedded outside the router). */
export function CalendarPage({
  search: givenSearch,
  onSearchChange,
}: {
  search?: CalendarSearch;
  onSearchChange?: (search: CalendarSearch) => void;
} = {}) {
  const { timeZone, ready } = useSiteTimezone();
  const [ownSearch, setOwnSearch] = useState<CalendarSearch>({});
  const search = givenSearch ?? ownSearch;
  const setSearch = onSearchChange ?? setOwnSearch;
  return (
    <AdminPage title="Calendar" subtitle={ready ? `Times in ${timeZone}` : undefined}>
      {ready ? <CalendarBody search={search} setSearch={setSearch} timeZone={timeZone} /> : <Loader aria-label="Loading calendar" />}
    </AdminPage>
  );
}

function CalendarBody({
  search,
  setSearch,
  timeZone,
}: {
  search: CalendarSearch;
  setSearch: (search: CalendarSearch) => void;
  timeZone: string;
}) {
  const phone = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false }) === true;
  const view: CalendarView = search.view ?? 'week';
  const dates = useDates();
  const today = todayIn(timeZone);
  const day = search.date ?? today;
  const range = calendarRange(view, day);
  const calendar = trpc.timeSlots.calendar.useQuery({ from: range.from, to: range.to }, { placeholderData: keepPreviousData });
  const consultations = trpc.consultations.calendar.useQuery({ from: range.from, to: range.to }, { placeholderData: keepPreviousData });
  const consultationsByDay = useMemo(() => {
    const byDay = new Map<string, CalendarConsultation[]>();
    for (const consultation of consultations.data?.consultations ?? []) {
      const consultationDay = zonedDay(consultation.startsAt, timeZone);
      byDay.set(consultationDay, [...(byDay.get(consultationDay) ?? []), consultation]);
    }
    return byDay;
  }, [consultations.data, timeZone]);
  const slotsByDay = useMemo(() => {
    const byDay = new Map<string, CalendarSlot[]>();
    for (const slot of calendar.data?.slots ?? []) {
      const slotDay = zonedDay(slot.startTime, timeZone);
      const list = byDay.get(slotDay);
      if (list === undefined) byDay.set(slotDay, [slot]);
      else list.push(slot);
    }
    return byDay;
  }, [calendar.data, timeZone]);

  const nextStart = calendar.isPlaceholderData ? null : (calendar.data?.nextStart ?? null);
  const go = (next: CalendarSearch) => setSearch(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)));
  const unit = view === 'week' ? 'week' : 'month';
  const heading = view === 'week' ? weekHeading(dates, range.from, range.to) : monthHeading(dates, day);
  const viewProps = { days: range.days, slotsByDay, consultationsByDay, timeZone, today };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} aria-live="polite">
          {heading}
        </Title>
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label="View"
            data={[
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
            value={view}
            onChange={(value) => go({ view: value === 'month' ? 'month' : undefined, date: search.date })}
          />
          <Button.Group>
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
              aria-label={`Previous ${unit}`}
              onClick={() => go({ view: search.view, date: moveDay(view, day, -1) })}
            >
              Previous
            </Button>
            <Button variant="default" onClick={() => go({ view: search.view })}>
              Today
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden="true" />}
              aria-label={`Next ${unit}`}
              onClick={() => go({ view: search.view, date: moveDay(view, day, 1) })}
            >
              Next
            </Button>
          </Button.Group>
        </Group>
      </Group>

      {calendar.isError && (
        <Alert color="red" title={failureText('Failed to load the calendar', calendar.error)}>
          <Button variant="light" color="red" onClick={() => void calendar.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {calendar.data?.truncated === true && (
        <Alert color="yellow">Too many slots to show at once: the {unit} is cut short. Open a week for every slot.</Alert>
      )}
      {view === 'week' && nextStart !== null && (consultations.data?.consultations.length ?? 0) === 0 && (
        // An empty week is not a dead end: it says when the next session is and jumps there. Part of
        // the week's content as it loads, not an announcement (no role=status: loaders use that).
        <Group gap="sm" wrap="wrap">
          <Text size="sm">{`No session this week. Next session: ${dates.shortDate(nextStart, timeZone)}`}</Text>
          <Button variant="light" size="xs" onClick={() => go({ view: search.view, date: zonedDay(nextStart, timeZone) })}>
            Go to that week
          </Button>
        </Group>
      )}
      {calendar.isPending ? (
        <Loader aria-label="Loading calendar" />
      ) : (
        <div aria-busy={calendar.isFetching} aria-label={heading} role="region">
          {view === 'week' ? (
            <WeekView {...viewProps} list={phone} />
          ) : phone ? (
            <MonthList {...viewProps} month={day} />
          ) : (
            <MonthGrid {...viewProps} month={day} />
          )}
        </div>
      )}
      <Text size="xs" c="dimmed">
        Seats taken count pending and confirmed bookings. Green: under half full; yellow: half full or more; red: full; blue: no limit. Violet: a consultation.
      </Text>
    </Stack>
  );
}
