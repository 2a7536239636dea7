// Day and time of a consultation: the visitor's zone (shown, changeable), a month calendar with the
// days that have free times marked, then that day's times in the zone. Used to book and to move.
import { Alert, Button, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { browserTimeZone } from '@server/shared/visitor-time';
import { cachedFormat, utcToZonedParts } from '@server/shared/time';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { useTranslator } from '@client/i18n';
import { dayTitle, lastDateOf, MonthCalendar } from './MonthCalendar';

export type FreeTime = RouterOutputs['consultations']['freeTimes']['times'][number];

const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/** '2:30 PM' ('14:30' in French) in `timeZone`. */
export function clockTime(iso: string, timeZone: string, locale = 'en-US'): string {
  return cachedFormat(timeZone, 'clock', { hour: 'numeric', minute: '2-digit' }, locale).format(new Date(iso));
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
  const words = useTranslator();
  const { t, locale } = words;
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
        label={t('consultation.zone.label')}
        description={t('consultation.zone.description')}
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
        <Alert color="red" title={t('consultation.times.failed')}>
          {messageOf(free.error, t('common.pleaseTryAgain'), words)}
        </Alert>
      )}
      {free.isSuccess && times.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('consultation.times.none')}
        </Text>
      )}
      {day !== null && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('consultation.times.on', { day: dayTitle(locale).format(new Date(`${day}T00:00:00Z`)) })}
          </Title>
          {free.isFetching && ofDay.length === 0 ? (
            <Skeleton height={36} />
          ) : (
            <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="group" aria-label={t('consultation.times.label')}>
              {ofDay.map((time) => (
                <Button
                  key={time.startsAt}
                  variant={selected?.startsAt === time.startsAt ? 'filled' : 'default'}
                  aria-pressed={selected?.startsAt === time.startsAt}
                  onClick={() => onSelect(time)}
                >
                  {clockTime(time.startsAt, timeZone, locale)}
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
  const { t, locale } = useTranslator();
  const next = times.filter((time) => time.startsAt > after).slice(0, 4);
  if (next.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('consultation.times.next')}>
      {next.map((time) => (
        <Button key={time.startsAt} size="compact-sm" variant="light" onClick={() => onSelect(time)}>
          {t('consultation.times.nextOne', {
            date: cachedFormat(timeZone, 'short-day', { month: 'short', day: 'numeric' }, locale).format(new Date(time.startsAt)),
            time: clockTime(time.startsAt, timeZone, locale),
          })}
        </Button>
      ))}
    </Group>
  );
}
