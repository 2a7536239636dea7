// A light month calendar for picking a day: the days that have free times are highlighted buttons,
// the others are shown dimmed and cannot be chosen; today has a dot. Dates are plain YYYY-MM-DD
// strings of the visitor's zone.
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { LineIcon } from '@client/features/icons/LineIcon';
import classes from './consultation.module.css';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';


/** 'YYYY-MM' plus `months`. */
export function shiftMonth(month: string, months: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** The last date of a 'YYYY-MM' month. */
export function lastDateOf(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
}

/** The dates of the month's weeks, Monday first; null outside the month. */
function weeksOf(month: string): (string | null)[][] {
  const first = new Date(`${month}-01T00:00:00Z`);
  const lead = (first.getUTCDay() + 6) % 7;
  const days = Number(lastDateOf(month).slice(8));
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= days; day += 1) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

interface MonthCalendarProps {
  month: string;
  /** Days with free times. */
  available: ReadonlySet<string>;
  selected: string | null;
  onSelect: (date: string) => void;
  onMonthChange: (month: string) => void;
  /** The earliest month that can be shown (the visitor's current month). */
  minMonth: string;
  loading: boolean;
  /** Today's date in the visitor's zone, marked with a dot. */
  today?: string | undefined;
}

export function MonthCalendar({ month, available, selected, onSelect, onMonthChange, minMonth, loading, today }: MonthCalendarProps) {
  const { t } = useTranslator();
  const dates = useDates();
  const title = dates.monthTitle(month);
  return (
    <div>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} aria-live="polite">
          {title}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label={t('consultation.month.previous')} disabled={month <= minMonth} onClick={() => onMonthChange(shiftMonth(month, -1))}>
            <LineIcon size={18}>
              <path d="M15 6l-6 6 6 6" />
            </LineIcon>
          </ActionIcon>
          <ActionIcon variant="subtle" size="lg" aria-label={t('consultation.month.next')} onClick={() => onMonthChange(shiftMonth(month, 1))}>
            <LineIcon size={18}>
              <path d="M9 6l6 6-6 6" />
            </LineIcon>
          </ActionIcon>
        </Group>
      </Group>
      <table className={classes.month} aria-label={t('consultation.month.label', { month: title })} aria-busy={loading}>
        <thead>
          <tr>
            {dates.weekdays().map(([short, long]) => (
              <th key={short} scope="col" className={classes.weekday}>
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find((day) => day !== null) ?? 'empty'}>
              {week.map((date, index) => (
                <td key={date ?? `blank-${index}`} className={classes.cell}>
                  {date === null ? null : (
                    <DayButton date={date} free={available.has(date)} selected={date === selected} today={date === today} onSelect={onSelect} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayButton({ date, free, selected, today, onSelect }: { date: string; free: boolean; selected: boolean; today: boolean; onSelect: (date: string) => void }) {
  const { t } = useTranslator();
  const dates = useDates();
  const day = dates.dayTitle(date);
  const label = t(free ? 'consultation.day.free' : 'consultation.day.notFree', { day });
  return (
    <UnstyledButton
      className={classes.day}
      onClick={() => onSelect(date)}
      disabled={!free}
      aria-label={label}
      aria-pressed={selected}
      aria-current={today ? 'date' : undefined}
      data-free={free || undefined}
      data-today={today || undefined}
    >
      {Number(date.slice(8))}
    </UnstyledButton>
  );
}
