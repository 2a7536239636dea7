// One day's ranges in the hours editor, as both the weekly hours and a date with other hours show
// them: each range a start and an end time picker with a remove button and, under it, what is wrong
// with it; and the button that adds a range after the last one.
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { ClockRange } from '@server/shared/time-ranges';

/** What a new range of a day starts as: the morning, or the hour after the day's last range. */
function nextRange(ranges: readonly ClockRange[]): ClockRange {
  const last = ranges.at(-1);
  if (last === undefined) return { start: '09:00', end: '17:00' };
  const hour = Math.min(Number(last.end.slice(0, 2)) + 1, 22);
  return { start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour + 1).padStart(2, '0')}:00` };
}

interface RangesProps {
  /** What the day is called in the pickers' labels: 'Monday' gives 'Monday range 1 start'. */
  name: string;
  ranges: readonly ClockRange[];
  onChange: (ranges: ClockRange[]) => void;
}

export function TimeRanges({ name, ranges, onChange, errors }: RangesProps & { errors: readonly (string | null)[] | undefined }) {
  const edit = (at: number, part: Partial<ClockRange>) => onChange(ranges.map((range, index) => (index === at ? { ...range, ...part } : range)));
  return (
    <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
      {ranges.length === 0 && (
        <Text c="dimmed" size="sm">
          No consultations
        </Text>
      )}
      {ranges.map((range, index) => {
        const error = errors?.[index] ?? null;
        const which = `${name} range ${index + 1}`;
        return (
          <Stack key={index} gap={2}>
            <Group gap="xs" wrap="nowrap" align="center">
              <TimeInput aria-label={`${which} start`} value={range.start} onChange={(event) => edit(index, { start: event.currentTarget.value })} error={error !== null} w={110} />
              <Text span aria-hidden="true">
                –
              </Text>
              <TimeInput aria-label={`${which} end`} value={range.end} onChange={(event) => edit(index, { end: event.currentTarget.value })} error={error !== null} w={110} />
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${which}`} onClick={() => onChange(ranges.filter((_, at) => at !== index))}>
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
  );
}

export function AddRangeButton({ name, ranges, onChange }: RangesProps) {
  return (
    <Button size="xs" variant="light" onClick={() => onChange([...ranges, nextRange(ranges)])} aria-label={`Add a range on ${name}`}>
      Add range
    </Button>
  );
}
