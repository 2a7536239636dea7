// One's consultation hours: time zone, weekly ranges (several a day) and date overrides (a day off
// or other hours). Admins may pick a colleague and edit theirs.
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { timeZoneChoices } from '@server/shared/time';
import { clockRangeOf, type ClockRange, minuteRangeOf, repeatedDateProblems, timeRangeProblems } from '@server/shared/time-ranges';
import { fieldErrorsOf, messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { type DateOverride, type DateOverrideErrors, DateOverrides } from './DateOverrides';
import { WEEKDAYS, WeeklyHours } from './WeeklyHours';

type Availability = RouterOutputs['consultations']['availability']['get'];
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
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  // The stored ranges (minutes) as the time inputs hold them; turned back into minutes on save, so
  // the API is the same as when hours were typed.
  const [days, setDays] = useState<ClockRange[][]>(() => WEEKDAYS.map((_, weekday) => availability.weekly.filter((range) => range.weekday === weekday).map(clockRangeOf)));
  const [dayErrors, setDayErrors] = useState<(string | null)[][]>([]);
  const [overrides, setOverrides] = useState<DateOverride[]>(() =>
    availability.overrides.map((override) => ({ date: override.date, off: override.ranges.length === 0, ranges: override.ranges.map(clockRangeOf) })),
  );
  const [overrideErrors, setOverrideErrors] = useState<DateOverrideErrors[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.consultations.availability.set.useMutation({ onSuccess: (saved) => utils.consultations.availability.get.setData({ userId: saved.userId }, saved) });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const problems = days.map((ranges) => timeRangeProblems(ranges));
    const twice = repeatedDateProblems(overrides.map((override) => override.date));
    const dateProblems = overrides.map((override, index) => ({ date: twice[index] ?? null, ranges: override.off ? [] : timeRangeProblems(override.ranges) }));
    setDayErrors(problems);
    setOverrideErrors(dateProblems);
    const faults = [...problems, ...dateProblems.map((problem) => [problem.date, ...problem.ranges])];
    if (faults.some((messages) => messages.some((message) => message !== null))) return setProblem('Some hours need a look: see the messages under them.');
    const weekly = days.flatMap((ranges, weekday) => ranges.flatMap((range) => {
      const minutes = minuteRangeOf(range);
      return minutes === null ? [] : [{ weekday, ...minutes }];
    }));
    // A date whose every range was removed takes no consultations, as a day off.
    const dated = overrides.map((override) => ({
      date: override.date,
      ranges: override.off ? [] : override.ranges.flatMap((range) => minuteRangeOf(range) ?? []),
    }));
    save.mutate({ userId: availability.userId, timeZone, weekly, overrides: dated });
  }

  const serverErrors = fieldErrorsOf(save.error);
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Select label="Time zone" data={zones} searchable value={timeZone} allowDeselect={false} onChange={(zone) => zone !== null && setTimeZone(zone)} error={serverErrors.timeZone} w={280} />
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
        <Text size="sm" c="dimmed">
          A date here replaces its weekday&apos;s hours: a day off, or other ranges.
        </Text>
        <DateOverrides
          overrides={overrides}
          onChange={(next) => {
            // Messages follow the dates by place: a removed date would move them onto another.
            if (next.length < overrides.length) setOverrideErrors([]);
            setOverrides(next);
          }}
          errors={overrideErrors}
        />
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
