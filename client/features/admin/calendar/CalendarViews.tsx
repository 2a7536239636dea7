// The calendar's two views. Week: seven day columns of slot cards (a list of days on a phone). Month:
// a table of weeks with each day's slots in short (on a phone, the list of days that have slots).
// Every slot is a link to the bookings screen filtered to it.
import { Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useDates } from '@client/use-dates';
import type { RouterOutputs } from '@client/trpc';
import { dayLabel, dayOfMonth, isSameMonth, weekdayShort } from './calendar-days';
import { slotFullness } from './slot-fullness';

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
}

/** Seven columns from the md breakpoint; below it the same days stack as a list. */
export function WeekView({ days, slotsByDay, consultationsByDay, timeZone, today }: ViewProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 7 }} spacing="xs" verticalSpacing="md">
      {days.map((day) => {
        const slots = slotsByDay.get(day) ?? [];
        const consultations = consultationsByDay?.get(day) ?? [];
        return (
          <Stack key={day} gap="xs" miw={0} role="group" aria-label={dayLabel(day)}>
            <Title order={3} size="sm" c={day === today ? 'blue.8' : undefined}>
              {dayLabel(day)}
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
    </SimpleGrid>
  );
}

/** The month as a table of weeks, Monday first; days of the months either side are dimmed. */
export function MonthGrid({ days, slotsByDay, consultationsByDay, timeZone, today, month }: ViewProps & { month: string }) {
  const weeks = Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label="Month" verticalSpacing={4} horizontalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          {days.slice(0, 7).map((day) => (
            <Table.Th key={day} ta="center">
              {weekdayShort(day)}
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
                    <VisuallyHidden>{`${dayLabel(day)}${day === today ? ', today' : ''}`}</VisuallyHidden>
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
  const busyDays = days.filter(
    (day) => isSameMonth(day, month) && (slotsByDay.get(day)?.length ?? 0) + (consultationsByDay?.get(day)?.length ?? 0) > 0,
  );
  if (busyDays.length === 0) return <Text c="dimmed">No slots this month</Text>;
  return (
    <Stack gap="md">
      {busyDays.map((day) => (
        <Stack key={day} gap="xs" role="group" aria-label={dayLabel(day)}>
          <Title order={3} size="sm">
            {dayLabel(day)}
            {day === today && <Text span size="xs" fw={400}>{' · Today'}</Text>}
          </Title>
          <SlotList slots={slotsByDay.get(day) ?? []} consultations={consultationsByDay?.get(day)} day={day} timeZone={timeZone} compact={false} />
        </Stack>
      ))}
    </Stack>
  );
}
