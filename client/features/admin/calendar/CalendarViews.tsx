// The calendar's two views. Week: a time grid, hours down the side and seven days across, each item
// at its start and as tall as it lasts (a list of days on a phone). Month:
// a table of weeks with each day's slots in short (on a phone, the list of days that have slots).
// Every slot is a link to the bookings screen filtered to it.
import { Box, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useDates } from '@client/use-dates';
import type { RouterOutputs } from '@client/trpc';
import { dayOfMonth, isSameMonth, weekdayShort } from './calendar-days';
import { slotFullness } from './slot-fullness';
import { gridHours, nowLine, type PlacedItem, placeItems } from './time-grid';

export type CalendarSlot = RouterOutputs['timeSlots']['calendar']['slots'][number];
export type CalendarConsultation = RouterOutputs['consultations']['calendar']['consultations'][number];

/** A slot's bookings: the bookings screen filtered to the slot (and its event, session and day). */
function bookingsSearch(slot: CalendarSlot, day: string) {
  return { eventId: slot.eventId, sessionId: slot.sessionId, timeSlotId: slot.id, from: day, to: day };
}

function SlotCard({ slot, day, timeZone, compact }: { slot: CalendarSlot; day: string; timeZone: string; compact: boolean }) {
  const fullness = slotFullness(slot.booked, slot.capacity);
  const dates = useDates();
  const time = dates.timeRange(slot.startTime, slot.endTime, timeZone);
  const inactive = !slot.sessionActive || !slot.eventActive;
  return (
    <Link to="/admin/bookings" search={bookingsSearch(slot, day)} style={{ display: 'block', textDecoration: 'none', color: 'inherit' }}>
      <Paper
        withBorder
        radius="sm"
        p={compact ? 4 : 'xs'}
        bg={`${fullness.color}.0`}
        style={{ borderLeft: `4px solid var(--mantine-color-${fullness.color}-6)` }}
        data-fullness={fullness.color}
      >
        <Text size="xs" fw={600}>
          {compact ? time.split(' – ')[0] : time}
        </Text>
        <Text size="sm" fw={500} lh={1.3} lineClamp={compact ? 1 : undefined}>
          {slot.sessionTitle}
        </Text>
        {compact ? (
          <VisuallyHidden>{slot.eventTitle}</VisuallyHidden>
        ) : (
          <Text size="xs" c="dimmed" lh={1.3}>
            {slot.eventTitle}
          </Text>
        )}
        <Text size="xs">
          {fullness.seats}
          {compact ? <VisuallyHidden>{`, ${fullness.label}`}</VisuallyHidden> : ` · ${fullness.label}`}
        </Text>
        {inactive && (
          <Text size="xs" fs="italic">
            Inactive
          </Text>
        )}
      </Paper>
    </Link>
  );
}

/** A consultation beside the day's slots: time, type, consultant and visitor; opens the Consultations screen. */
function ConsultationCard({ consultation, timeZone, compact }: { consultation: CalendarConsultation; timeZone: string; compact: boolean }) {
  const dates = useDates();
  const time = dates.timeRange(consultation.startsAt, consultation.endsAt, timeZone);
  return (
    <Link to="/admin/consultations" style={{ display: 'block', textDecoration: 'none', color: 'inherit' }}>
      <Paper withBorder radius="sm" p={compact ? 4 : 'xs'} bg="violet.0" style={{ borderLeft: '4px solid var(--mantine-color-violet-6)' }} data-consultation>
        <Text size="xs" fw={600}>
          {compact ? time.split(' – ')[0] : time}
        </Text>
        <Text size="sm" fw={500} lh={1.3} lineClamp={compact ? 1 : undefined}>
          {consultation.typeTitle}
        </Text>
        {compact ? (
          <VisuallyHidden>{`Consultation with ${consultation.consultantName} and ${consultation.visitorName}`}</VisuallyHidden>
        ) : (
          <Text size="xs" lh={1.3}>
            {consultation.consultantName} · {consultation.visitorName}
          </Text>
        )}
      </Paper>
    </Link>
  );
}

function SlotList({ slots, day, timeZone, compact, consultations = [] }: { slots: CalendarSlot[]; day: string; timeZone: string; compact: boolean; consultations?: CalendarConsultation[] | undefined }) {
  return (
    <Stack gap={compact ? 4 : 'xs'}>
      {slots.map((slot) => (
        <SlotCard key={slot.id} slot={slot} day={day} timeZone={timeZone} compact={compact} />
      ))}
      {consultations.map((consultation) => (
        <ConsultationCard key={consultation.id} consultation={consultation} timeZone={timeZone} compact={compact} />
      ))}
    </Stack>
  );
}

interface ViewProps {
  days: string[];
  slotsByDay: ReadonlyMap<string, CalendarSlot[]>;
  /** Booked consultations by day, shown after the day's slots. */
  consultationsByDay?: ReadonlyMap<string, CalendarConsultation[]> | undefined;
  timeZone: string;
  today: string;
  /** The clock for the week grid's current-time line (ms); absent: the real one, moved on each minute. */
  now?: number | undefined;
}

/** The week on a phone: the seven days as a list, each with its slots and consultations. */
function WeekList({ days, slotsByDay, consultationsByDay, timeZone, today }: ViewProps) {
  const dates = useDates();
  return (
    <Stack gap="md">
      {days.map((day) => {
        const slots = slotsByDay.get(day) ?? [];
        const consultations = consultationsByDay?.get(day) ?? [];
        return (
          <Stack key={day} gap="xs" miw={0} role="group" aria-label={dates.dayTitle(day)}>
            <Title order={3} size="sm" c={day === today ? 'blue.8' : undefined}>
              {dates.dayTitle(day)}
              {day === today && <Text span size="xs" fw={400}>{' · Today'}</Text>}
            </Title>
            {slots.length === 0 && consultations.length === 0 ? (
              <Text size="xs" c="dimmed">
                No slots
              </Text>
            ) : (
              <SlotList slots={slots} consultations={consultations} day={day} timeZone={timeZone} compact={false} />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** Pixels per hour of the time grid, and the height of the row of day headings. */
const HOUR_HEIGHT = 72;
const HEADER_HEIGHT = 56;

type WeekItem =
  | { id: string; startTime: string; endTime: string; slot: CalendarSlot; consultation?: undefined }
  | { id: string; startTime: string; endTime: string; consultation: CalendarConsultation; slot?: undefined };

/** An item's box on its day column: top and height from its minutes, overlapping items side by side. */
function placementStyle(entry: PlacedItem<WeekItem>): CSSProperties {
  const scale = HOUR_HEIGHT / 60;
  return {
    position: 'absolute',
    top: entry.top * scale,
    height: entry.height * scale,
    left: `calc(${(entry.column / entry.columns) * 100}% + 1px)`,
    width: `calc(${100 / entry.columns}% - 3px)`,
    overflow: 'hidden',
  };
}

/** A slot or consultation on the grid: the same link and texts as in the list, clipped to its box (in full on hover). */
function GridCard({ entry, timeZone }: { entry: PlacedItem<WeekItem>; timeZone: string }) {
  const dates = useDates();
  const { slot, consultation } = entry.item;
  const time = dates.timeRange(entry.item.startTime, entry.item.endTime, timeZone);
  const line = { size: 'xs', lh: 1.25, truncate: 'end' } as const;
  const box = { p: 4, h: '100%', radius: 'sm', withBorder: true } as const;
  if (slot !== undefined) {
    const fullness = slotFullness(slot.booked, slot.capacity);
    const inactive = !slot.sessionActive || !slot.eventActive;
    return (
      <Link
        to="/admin/bookings"
        search={bookingsSearch(slot, entry.day)}
        style={{ ...placementStyle(entry), textDecoration: 'none', color: 'inherit' }}
        title={`${time} · ${slot.sessionTitle} · ${slot.eventTitle} · ${fullness.seats}`}
        data-grid-item={slot.id}
      >
        <Paper {...box} bg={`${fullness.color}.0`} style={{ borderLeft: `4px solid var(--mantine-color-${fullness.color}-6)` }} data-fullness={fullness.color}>
          <Text {...line} fw={600}>
            {time}
          </Text>
          <Text {...line} size="sm" fw={500}>
            {slot.sessionTitle}
          </Text>
          <Text {...line}>{slot.eventTitle}</Text>
          <Text {...line}>{`${fullness.seats} · ${fullness.label}`}</Text>
          {inactive && (
            <Text {...line} fs="italic">
              Inactive
            </Text>
          )}
        </Paper>
      </Link>
    );
  }
  return (
    <Link
      to="/admin/consultations"
      style={{ ...placementStyle(entry), textDecoration: 'none', color: 'inherit' }}
      title={`${time} · ${consultation.typeTitle} · ${consultation.consultantName} · ${consultation.visitorName}`}
      data-grid-item={consultation.id}
    >
      <Paper {...box} bg="violet.0" style={{ borderLeft: '4px solid var(--mantine-color-violet-6)' }} data-consultation>
        <Text {...line} fw={600}>
          {time}
        </Text>
        <Text {...line} size="sm" fw={500}>
          {consultation.typeTitle}
        </Text>
        <Text {...line}>
          {consultation.consultantName} · {consultation.visitorName}
        </Text>
      </Paper>
    </Link>
  );
}

/** `given` when the clock is fixed (a test's), else the time now, moved on every minute while shown. */
function useNow(given: number | undefined): number {
  const [ticking, setTicking] = useState(() => Date.now());
  useEffect(() => {
    if (given !== undefined) return undefined;
    const timer = setInterval(() => setTicking(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [given]);
  return given ?? ticking;
}

/** The current time across today's column, as Google Calendar draws it: a thin red line with a dot at its start. */
function NowLine({ top }: { top: number }) {
  const red = 'var(--mantine-color-red-6)';
  return (
    <Box
      aria-hidden="true"
      data-now-line
      style={{ position: 'absolute', top: (top * HOUR_HEIGHT) / 60, left: 0, right: 0, height: 2, marginTop: -1, background: red, zIndex: 1, pointerEvents: 'none' }}
    >
      <Box style={{ position: 'absolute', left: -5, top: -4, width: 10, height: 10, borderRadius: '50%', background: red }} />
    </Box>
  );
}

/**
 * The week as a time grid: hours down the side (the earliest to the latest item, at least 8 AM to
 * 6 PM), the seven days across, each slot and consultation at its start and as tall as it lasts in
 * the site's time zone, overlapping ones side by side; today's column is tinted and its date ringed,
 * and a line marks the time now on it while now is within the hours shown.
 */
function WeekGrid({ days, slotsByDay, consultationsByDay, timeZone, today, now: givenNow }: ViewProps) {
  const dates = useDates();
  const now = useNow(givenNow);
  const { hours, byDay } = useMemo(() => {
    const items: WeekItem[] = [];
    for (const day of days) {
      for (const slot of slotsByDay.get(day) ?? []) items.push({ id: slot.id, startTime: slot.startTime, endTime: slot.endTime, slot });
      for (const consultation of consultationsByDay?.get(day) ?? []) {
        items.push({ id: consultation.id, startTime: consultation.startsAt, endTime: consultation.endsAt, consultation });
      }
    }
    const shown = gridHours(items, timeZone);
    const placedByDay = new Map<string, PlacedItem<WeekItem>[]>();
    for (const entry of placeItems(items, timeZone, shown)) placedByDay.set(entry.day, [...(placedByDay.get(entry.day) ?? []), entry]);
    return { hours: shown, byDay: placedByDay };
  }, [days, slotsByDay, consultationsByDay, timeZone]);
  const line = nowLine(now, timeZone, days, hours);
  const hourCount = hours.last - hours.first;
  const bodyHeight = hourCount * HOUR_HEIGHT;
  const hourLines = `repeating-linear-gradient(to bottom, var(--mantine-color-gray-3) 0 1px, transparent 1px ${HOUR_HEIGHT}px)`;
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: '4.25rem repeat(7, minmax(0, 1fr))' }} data-time-grid>
      <Box aria-hidden="true" pt={HEADER_HEIGHT} style={{ position: 'relative' }}>
        {Array.from({ length: hourCount }, (_, index) => hours.first + index).map((hour) => (
          <Text
            key={hour}
            size="xs"
            c="dimmed"
            ta="right"
            pr={6}
            h={HOUR_HEIGHT}
            lh={1}
            style={{ transform: 'translateY(-0.4em)' }}
            data-hour={hour}
          >
            {dates.time(`2000-01-01T${String(hour).padStart(2, '0')}:00:00.000Z`, 'UTC')}
          </Text>
        ))}
      </Box>
      {days.map((day) => {
        const placed = byDay.get(day) ?? [];
        const isToday = day === today;
        return (
          <Box key={day} role="group" aria-label={dates.dayTitle(day)} miw={0} style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }} data-today={isToday || undefined}>
            <Title order={3} size="sm" h={HEADER_HEIGHT} ta="center" fw={500} pt={4}>
              <Text span size="xs" c={isToday ? 'blue.8' : 'dimmed'} display="block" aria-hidden="true">
                {weekdayShort(dates, day)}
              </Text>
              <Text
                span
                display="inline-block"
                fz="lg"
                fw={isToday ? 700 : 500}
                w={32}
                h={32}
                lh="32px"
                bg={isToday ? 'blue.8' : undefined}
                c={isToday ? 'white' : undefined}
                style={{ borderRadius: '50%' }}
                aria-hidden="true"
              >
                {dayOfMonth(day)}
              </Text>
              <VisuallyHidden>{`${dates.dayTitle(day)}${isToday ? ' · Today' : ''}`}</VisuallyHidden>
            </Title>
            <Box pos="relative" h={bodyHeight} bg={isToday ? 'blue.0' : undefined} style={{ backgroundImage: hourLines, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              {placed.length === 0 && <VisuallyHidden>No slots</VisuallyHidden>}
              {placed.map((entry) => (
                <GridCard key={entry.item.id} entry={entry} timeZone={timeZone} />
              ))}
              {line?.day === day && <NowLine top={line.top} />}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** The week: a time grid on a wide screen; on a phone (`list`), the days as a list. */
export function WeekView({ list, ...props }: ViewProps & { list: boolean }) {
  return list ? <WeekList {...props} /> : <WeekGrid {...props} />;
}

/** The month as a table of weeks, Monday first; days of the months either side are dimmed. */
export function MonthGrid({ days, slotsByDay, consultationsByDay, timeZone, today, month }: ViewProps & { month: string }) {
  const dates = useDates();
  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label="Month" verticalSpacing={4} horizontalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          {days.slice(0, 7).map((day) => (
            <Table.Th key={day} ta="center">
              {weekdayShort(dates, day)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((week) => (
          <Table.Tr key={week[0]}>
            {week.map((day) => {
              const slots = slotsByDay.get(day) ?? [];
              const outside = !isSameMonth(day, month);
              return (
                <Table.Td key={day} valign="top" h={96} bg={day === today ? 'blue.0' : undefined}>
                  <Text size="xs" fw={day === today ? 700 : 500} c={outside ? 'dimmed' : undefined} mb={4}>
                    <span aria-hidden="true">{dayOfMonth(day)}</span>
                    <VisuallyHidden>{`${dates.dayTitle(day)}${day === today ? ', today' : ''}`}</VisuallyHidden>
                  </Text>
                  <SlotList slots={slots} consultations={consultationsByDay?.get(day)} day={day} timeZone={timeZone} compact />
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A phone's month: only the days with slots, as a list. */
export function MonthList({ days, slotsByDay, consultationsByDay, timeZone, today, month }: ViewProps & { month: string }) {
  const dates = useDates();
  const busyDays = days.filter(
    (day) => isSameMonth(day, month) && (slotsByDay.get(day)?.length ?? 0) + (consultationsByDay?.get(day)?.length ?? 0) > 0,
  );
  if (busyDays.length === 0) return <Text c="dimmed">No slots this month</Text>;
  return (
    <Stack gap="md">
      {busyDays.map((day) => (
        <Stack key={day} gap="xs" role="group" aria-label={dates.dayTitle(day)}>
          <Title order={3} size="sm">
            {dates.dayTitle(day)}
            {day === today && <Text span size="xs" fw={400}>{' · Today'}</Text>}
          </Title>
          <SlotList slots={slotsByDay.get(day) ?? []} consultations={consultationsByDay?.get(day)} day={day} timeZone={timeZone} compact={false} />
        </Stack>
      ))}
    </Stack>
  );
}
