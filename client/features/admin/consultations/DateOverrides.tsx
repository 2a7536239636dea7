// The dates with other hours of the hours editor: each a date picked in a calendar, a day off or
// ranges picked with the same time pickers as the weekly hours, and a message beside the date that is
// already in the list or under the range at fault.
import { Button, Checkbox, Group, Paper, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import type { ClockRange } from '@server/shared/time-ranges';
import { CALENDAR_LABELS } from '@client/features/admin/kit/calendar-labels';
import { AddRangeButton, TimeRanges } from './TimeRanges';

export interface DateOverride {
  /** 'yyyy-mm-dd'. */
  date: string;
  off: boolean;
  /** The ranges when not a day off (kept while the day is off, so unticking brings them back). */
  ranges: ClockRange[];
}

export interface DateOverrideErrors {
  date: string | null;
  ranges: (string | null)[];
}

/** A new date: the day after the list's last date, or today. */
function nextDate(overrides: readonly DateOverride[]): string {
  const last = overrides.at(-1);
  return last === undefined ? dayjs().format('YYYY-MM-DD') : dayjs(last.date).add(1, 'day').format('YYYY-MM-DD');
}

export function DateOverrides({
  overrides,
  onChange,
  errors,
}: {
  overrides: readonly DateOverride[];
  onChange: (overrides: DateOverride[]) => void;
  /** A message per date and per range, by the dates' order. */
  errors: readonly (DateOverrideErrors | undefined)[];
}) {
  const edit = (at: number, part: Partial<DateOverride>) => onChange(overrides.map((row, index) => (index === at ? { ...row, ...part } : row)));
  return (
    <Stack gap="xs">
      {overrides.map((override, index) => {
        const name = `Date ${index + 1}`;
        const error = errors[index];
        return (
          <Paper key={index} withBorder p="sm" radius="sm" role="group" aria-label={name}>
            <Group align="flex-start" justify="space-between" gap="sm" wrap="wrap">
              <DatePickerInput
                label="Date"
                valueFormat="D MMM YYYY"
                ariaLabels={CALENDAR_LABELS}
                value={override.date}
                onChange={(date) => date !== null && edit(index, { date })}
                error={error?.date ?? undefined}
                w={150}
              />
              <Stack gap="xs" style={{ flex: 1, minWidth: 220 }} pt={4}>
                <Checkbox
                  label="Day off"
                  checked={override.off}
                  onChange={(event) => {
                    const off = event.currentTarget.checked;
                    edit(index, { off, ranges: !off && override.ranges.length === 0 ? [{ start: '09:00', end: '17:00' }] : override.ranges });
                  }}
                />
                {!override.off && <TimeRanges name={name} ranges={override.ranges} onChange={(ranges) => edit(index, { ranges })} errors={error?.ranges} />}
              </Stack>
              <Group gap="xs">
                {!override.off && <AddRangeButton name={name} ranges={override.ranges} onChange={(ranges) => edit(index, { ranges })} />}
                <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onChange(overrides.filter((_, at) => at !== index))}>
                  Remove
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button variant="default" onClick={() => onChange([...overrides, { date: nextDate(overrides), off: true, ranges: [] }])}>
          Add a date
        </Button>
      </Group>
    </Stack>
  );
}
