// The weekly hours of the hours editor: each day a list of ranges picked with time inputs, a range
// added or removed, one day's ranges copied to every weekday, and a message under a range that is
// blank, ends before it starts or overlaps another.
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { ClockRange } from '@server/shared/time-ranges';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Monday to Friday, by their index in WEEKDAYS. */
const WORKING_DAYS = [1, 2, 3, 4, 5];

/** What a new range of a day starts as: the morning, or the hour after the day's last range. */
function nextRange(ranges: readonly ClockRange[]): ClockRange {
  const last = ranges.at(-1);
  if (last === undefined) return { start: '09:00', end: '17:00' };
  const hour = Math.min(Number(last.end.slice(0, 2)) + 1, 22);
  return { start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour + 1).padStart(2, '0')}:00` };
}

export function WeeklyHours({
  days,
  onChange,
  errors,
}: {
  /** Seven lists of ranges, Sunday first. */
  days: readonly (readonly ClockRange[])[];
  onChange: (days: ClockRange[][]) => void;
  /** A message per range, by day then range (from timeRangeProblems). */
  errors: readonly (readonly (string | null)[])[];
}) {
  const change = (weekday: number, ranges: ClockRange[]) => onChange(days.map((day, index) => (index === weekday ? ranges : [...day])));
  return (
    <Stack gap="xs">
      {WEEKDAYS.map((name, weekday) => {
        const ranges = days[weekday] ?? [];
        const edit = (at: number, part: Partial<ClockRange>) => change(weekday, ranges.map((range, index) => (index === at ? { ...range, ...part } : range)));
        return (
          <Paper key={name} withBorder p="sm" radius="sm" role="group" aria-label={name}>
            <Group align="flex-start" justify="space-between" gap="sm" wrap="wrap">
              <Text fw={600} w={110} pt={ranges.length === 0 ? 0 : 6}>
                {name}
              </Text>
              <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
                {ranges.length === 0 && <Text c="dimmed" size="sm">No consultations</Text>}
                {ranges.map((range, index) => {
                  const error = errors[weekday]?.[index] ?? null;
                  const which = `${name} range ${index + 1}`;
                  return (
                    <Stack key={index} gap={2}>
                      <Group gap="xs" wrap="nowrap" align="center">
                        <TimeInput aria-label={`${which} start`} value={range.start} onChange={(event) => edit(index, { start: event.currentTarget.value })} error={error !== null} w={110} />
                        <Text span aria-hidden="true">
                          –
                        </Text>
                        <TimeInput aria-label={`${which} end`} value={range.end} onChange={(event) => edit(index, { end: event.currentTarget.value })} error={error !== null} w={110} />
                        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${which}`} onClick={() => change(weekday, ranges.filter((_, at) => at !== index))}>
                          ×
                        </ActionIcon>
                      </Group>
                      {error !== null && (
                        <Text c="red" size="xs" role="alert" aria-label={`${which}: ${error}`}>
                          {error}
                        </Text>
                      )}
                    </Stack>
                  );
                })}
              </Stack>
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => change(weekday, [...ranges, nextRange(ranges)])} aria-label={`Add a range on ${name}`}>
                  Add range
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Copy ${name}'s hours to every weekday`}
                  onClick={() => onChange(days.map((day, index) => (WORKING_DAYS.includes(index) ? ranges.map((range) => ({ ...range })) : [...day])))}
                >
                  Copy to weekdays
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
