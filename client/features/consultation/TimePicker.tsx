// Day and time of a consultation, laid out as scheduling tools do: a month calendar with the days
// that have free times highlighted and the visitor's zone (shown, changeable) under it, and beside
// it (below on a phone) the chosen day's times as a column. Used to book and to move.
import { Alert, Button, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { browserTimeZone } from '@server/shared/visitor-time';
import { timeZoneChoices, utcToZonedParts } from '@server/shared/time';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import { lastDateOf, MonthCalendar } from './MonthCalendar';
import classes from './consultation.module.css';

export type FreeTime = RouterOutputs['consultations']['freeTimes']['times'][number];

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
  const { t } = words;
  const dates = useDates();
  const today = utcToZonedParts(new Date().toISOString(), timeZone).date;
  const thisMonth = today.slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const [day, setDay] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
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
    <div className={classes.booker}>
      <div className={classes.calendar}>
        <MonthCalendar
          month={month}
          minMonth={thisMonth}
          today={today}
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
      </div>
      <div className={classes.zone}>
        <Select
          label={t('consultation.zone.label')}
          description={t('consultation.zone.description')}
          data={zones}
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
      </div>
      <Stack gap="sm" className={classes.times}>
        {free.isError && (
          <Alert color="red" title={t('consultation.times.failed')}>
            {messageOf(free.error, t('common.pleaseTryAgain'), words)}
          </Alert>
        )}
        {day === null ? (
          <Text size="sm" c="dimmed">
            {free.isSuccess && times.length === 0 ? t('consultation.times.none') : t('consultation.times.pickDay')}
          </Text>
        ) : (
          <>
            <Title order={3}>
              {t('consultation.times.on', { day: dates.dayTitle(day) })}
            </Title>
            {free.isFetching && ofDay.length === 0 ? (
              <Skeleton height={36} />
            ) : (
              <div className={classes.timeList} role="group" aria-label={t('consultation.times.label')}>
                {ofDay.map((time) => (
                  <Button
                    key={time.startsAt}
                    variant={selected?.startsAt === time.startsAt ? 'filled' : 'outline'}
                    aria-pressed={selected?.startsAt === time.startsAt}
                    onClick={() => onSelect(time)}
                    fullWidth
                  >
                    {dates.time(time.startsAt, timeZone)}
                  </Button>
                ))}
              </div>
            )}
          </>
        )}
      </Stack>
    </div>
  );
}

/** The next free times after a time that was just taken, for the visitor to choose from. */
export function NextFreeTimes({ times, after, timeZone, onSelect }: { times: FreeTime[]; after: string; timeZone: string; onSelect: (time: FreeTime) => void }) {
  const { t } = useTranslator();
  const dates = useDates();
  const next = times.filter((time) => time.startsAt > after).slice(0, 4);
  if (next.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('consultation.times.next')}>
      {next.map((time) => (
        <Button key={time.startsAt} size="compact-sm" variant="light" onClick={() => onSelect(time)}>
          {t('consultation.times.nextOne', {
            date: dates.dayMonth(time.startsAt, timeZone),
            time: dates.time(time.startsAt, timeZone),
          })}
        </Button>
      ))}
    </Group>
  );
}
