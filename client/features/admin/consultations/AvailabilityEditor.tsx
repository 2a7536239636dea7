// One's consultation hours: time zone, weekly ranges (several a day) and date overrides (a day off
// or other hours). Admins may pick a colleague and edit theirs.
import { Alert, Button, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { clockRangeOf, type ClockRange, minuteRangeOf, timeRangeProblems } from '@server/shared/time-ranges';
import { fieldErrorsOf, messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { WEEKDAYS, WeeklyHours } from './WeeklyHours';

type Availability = RouterOutputs['consultations']['availability']['get'];
const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

function toClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** '09:00-12:00, 13:00-17:00' to ranges; null when it does not read. */
function parseRanges(text: string): { startMinute: number; endMinute: number }[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const ranges = [];
  for (const part of trimmed.split(',')) {
    const match = /^\s*(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})\s*$/.exec(part);
    if (match === null) return null;
    const [, h1, m1, h2, m2] = match.map(Number) as [number, number, number, number, number];
    ranges.push({ startMinute: h1 * 60 + m1, endMinute: h2 * 60 + m2 });
  }
  return ranges;
}

function rangesText(ranges: { startMinute: number; endMinute: number }[]): string {
  return ranges.map((range) => `${toClock(range.startMinute)}-${toClock(range.endMinute)}`).join(', ');
}

export function AvailabilityEditor() {
  const { user, isAdmin } = useCurrentUser();
  const [userId, setUserId] = useState<string | null>(null);
  const staff = trpc.users.list.useQuery({ pageSize: 100 }, { enabled: isAdmin, retry: false });
  const target = userId ?? user?.id;
  const current = trpc.consultations.availability.get.useQuery({ userId: target }, { enabled: target !== undefined });
  return (
    <Stack gap="md" maw={640}>
      {isAdmin && (
        <Select
          label="Whose hours"
          data={(staff.data?.items ?? []).map((member) => ({ value: member.id, label: member.id === user?.id ? `${member.name} (you)` : member.name }))}
          value={target ?? null}
          allowDeselect={false}
          onChange={setUserId}
          w={280}
        />
      )}
      {current.data !== undefined && <HoursForm key={current.data.userId} availability={current.data} />}
      {current.isError && <Alert color="red">{messageOf(current.error, 'Please try again.')}</Alert>}
    </Stack>
  );
}

function HoursForm({ availability }: { availability: Availability }) {
  const utils = trpc.useUtils();
  const [timeZone, setTimeZone] = useState(availability.timeZone);
  // The stored ranges (minutes) as the time inputs hold them; turned back into minutes on save, so
  // the API is the same as when hours were typed.
  const [days, setDays] = useState<ClockRange[][]>(() => WEEKDAYS.map((_, weekday) => availability.weekly.filter((range) => range.weekday === weekday).map(clockRangeOf)));
  const [dayErrors, setDayErrors] = useState<(string | null)[][]>([]);
  const [overrides, setOverrides] = useState(() => availability.overrides.map((override) => ({ date: override.date, off: override.ranges.length === 0, text: rangesText(override.ranges) })));
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.consultations.availability.set.useMutation({ onSuccess: (saved) => utils.consultations.availability.get.setData({ userId: saved.userId }, saved) });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const problems = days.map((ranges) => timeRangeProblems(ranges));
    setDayErrors(problems);
    if (problems.some((day) => day.some((problem) => problem !== null))) return setProblem('Some hours need a look: see the messages under them.');
    const weekly = days.flatMap((ranges, weekday) => ranges.flatMap((range) => {
      const minutes = minuteRangeOf(range);
      return minutes === null ? [] : [{ weekday, ...minutes }];
    }));
    const dated = [];
    for (const override of overrides) {
      const ranges = override.off ? [] : parseRanges(override.text);
      if (ranges === null) return setProblem(`${override.date}: write hours as 09:00-12:00`);
      dated.push({ date: override.date, ranges });
    }
    save.mutate({ userId: availability.userId, timeZone, weekly, overrides: dated });
  }

  const serverErrors = fieldErrorsOf(save.error);
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Select label="Time zone" data={ZONES} searchable value={timeZone} allowDeselect={false} onChange={(zone) => zone !== null && setTimeZone(zone)} error={serverErrors.timeZone} w={280} />
        <Title order={2}>
          Weekly hours
        </Title>
        <Text size="sm" c="dimmed">
          In {timeZone}. A day without ranges takes no consultations; an end at 00:00 is midnight.
        </Text>
        <WeeklyHours days={days} onChange={setDays} errors={dayErrors} />
        <Title order={2}>
          Dates with other hours
        </Title>
        {overrides.map((override, index) => (
          <Group key={index} align="flex-end" gap="sm" wrap="wrap">
            <TextInput label="Date" type="date" value={override.date} onChange={(event) => { const value = event.currentTarget.value; setOverrides((current) => current.map((row, at) => (at === index ? { ...row, date: value } : row))); }} />
            <Checkbox label="Day off" checked={override.off} onChange={(event) => { const checked = event.currentTarget.checked; setOverrides((current) => current.map((row, at) => (at === index ? { ...row, off: checked } : row))); }} mb={8} />
            {!override.off && <TextInput label="Hours" value={override.text} onChange={(event) => { const value = event.currentTarget.value; setOverrides((current) => current.map((row, at) => (at === index ? { ...row, text: value } : row))); }} />}
            <Button variant="subtle" color="red" onClick={() => setOverrides((current) => current.filter((_, at) => at !== index))}>
              Remove
            </Button>
          </Group>
        ))}
        <Group>
          <Button variant="default" onClick={() => setOverrides((current) => [...current, { date: new Date().toISOString().slice(0, 10), off: true, text: '' }])}>
            Add a date
          </Button>
        </Group>
        {(problem !== null || save.isError) && (
          <Alert color="red" role="alert" title="Your hours were not saved">
            {problem ?? Object.values(serverErrors)[0] ?? messageOf(save.error, 'Please try again.')}
          </Alert>
        )}
        {save.isSuccess && problem === null && <Alert color="teal" role="status">Hours saved.</Alert>}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
