// The weekly hours of the hours editor: each day a list of ranges picked with time inputs, a range
// added or removed, one day's ranges copied to every weekday, and a message under a range that is
// blank, ends before it starts or overlaps another.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ClockRange } from '@server/shared/time-ranges';
import { AddRangeButton, TimeRanges } from './TimeRanges';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Monday to Friday, by their index in WEEKDAYS. */
const WORKING_DAYS = [1, 2, 3, 4, 5];

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
        return (
          <Paper key={name} withBorder p="sm" radius="sm" role="group" aria-label={name}>
            <Group align="flex-start" justify="space-between" gap="sm" wrap="wrap">
              <Text fw={600} w={110} pt={ranges.length === 0 ? 0 : 6}>
                {name}
              </Text>
              <TimeRanges name={name} ranges={ranges} onChange={(next) => change(weekday, next)} errors={errors[weekday]} />
              <Group gap="xs">
                <AddRangeButton name={name} ranges={ranges} onChange={(next) => change(weekday, next)} />
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
