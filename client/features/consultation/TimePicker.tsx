// Day and time of a consultation: the visitor's zone (shown, changeable), a month calendar with the
// days that have free times marked, then that day's times in the zone. Used to book and to move.
import { Alert, Button, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { browserTimeZone } from '@server/shared/visitor-time';
import { utcToZonedParts } from '@server/shared/time';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { lastDateOf, MonthCalendar } from './MonthCalendar';

export type FreeTime = RouterOutputs['consultations']['freeTimes']['times'][number];

const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

const clock = new Map<string, Intl.DateTimeFormat>();
/** '2:30 PM' in `timeZone`. */
export function clockTime(iso: string, timeZone: string): string {
  let format = clock.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
    clock.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

export function useVisitorZone(): [string, (zone: string) => void] {
  return useState(() => browserTimeZone() ?? 'UTC');
}

interface TimePickerProps {
  typeId: string;
  timeZone: string;
  onTimeZoneChange: (zone: string) => void;
  selected: FreeTime | null;
  onSelect: (time: FreeTime | null) => void;
  /** Moving a consultation: its own time counts as free. */
  manageToken?: string | undefined;
  /** Only times this consultant is free at (when the visitor picked one). */
  consultantId?: string | null | undefined;
}

export function TimePicker({ typeId, timeZone, onTimeZoneChange, selected, onSelect, manageToken, consultantId }: TimePickerProps) {
  const thisMonth = utcToZonedParts(new Date().toISOString(), timeZone).date.slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const [day, setDay] = useState<string | null>(null);
  const free = trpc.consultations.freeTimes.useQuery(
    { typeId, from: `${month}-01`, to: lastDateOf(month), timeZone, manageToken },
    { refetchOnWindowFocus: false, retry: false },
  );
  const times = useMemo(
    () => (free.data?.times ?? []).filter((time) => consultantId === null || consultantId === undefined || time.consultantIds.includes(consultantId)),
    [free.data, consultantId],
  );
  const available = useMemo(() => new Set(times.map((time) => time.date)), [times]);
  const ofDay = times.filter((time) => time.date === day);

  return (
    <Stack gap="md">
      <Select
        label="Your time zone"
        description="Times are shown in this zone."
        data={ZONES}
        value={timeZone}
        searchable
        allowDeselect={false}
        onChange={(zone) => {
          if (zone === null) return;
          onTimeZoneChange(zone);
          setDay(null);
          onSelect(null);
        }}
      />
      <MonthCalendar
        month={month}
        minMonth={thisMonth}
        available={available}
        selected={day}
        loading={free.isFetching}
        onMonthChange={(next) => {
          setMonth(next);
          setDay(null);
          onSelect(null);
        }}
        onSelect={(date) => {
          setDay(date);
          onSelect(null);
        }}
      />
      {free.isError && (
        <Alert color="red" title="Free times could not be loaded">
          {messageOf(free.error, 'Please try again.')}
        </Alert>
      )}
      {free.isSuccess && times.length === 0 && (
        <Text size="sm" c="dimmed">
          No free times this month. Please try the next month.
        </Text>
      )}
      {day !== null && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Free times on {new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })}
          </Title>
          {free.isFetching && ofDay.length === 0 ? (
            <Skeleton height={36} />
          ) : (
            <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="group" aria-label="Free times">
              {ofDay.map((time) => (
                <Button
                  key={time.startsAt}
                  variant={selected?.startsAt === time.startsAt ? 'filled' : 'default'}
                  aria-pressed={selected?.startsAt === time.startsAt}
                  onClick={() => onSelect(time)}
                >
                  {clockTime(time.startsAt, timeZone)}
                </Button>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** The next free times after a time that was just taken, for the visitor to choose from. */
export function NextFreeTimes({ times, after, timeZone, onSelect }: { times: FreeTime[]; after: string; timeZone: string; onSelect: (time: FreeTime) => void }) {
  const next = times.filter((time) => time.startsAt > after).slice(0, 4);
  if (next.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Next free times">
      {next.map((time) => (
        <Button key={time.startsAt} size="compact-sm" variant="light" onClick={() => onSelect(time)}>
          {new Date(time.startsAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone })}, {clockTime(time.startsAt, timeZone)}
        </Button>
      ))}
    </Group>
  );
}
