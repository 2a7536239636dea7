// The booking modal's Time Slot: event, then session, then slot. Staff may use inactive sessions and
// past slots (it is their data), so every slot of the session is offered, marked when past or full.
// Changing the event clears session and slot; changing the session clears the slot.
import { Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { useDates } from '@client/use-dates';
import type { DateFormatter } from '@server/shared/format-date';

/** The list procedures' largest page: enough choices, and searching reaches the rest. */
const CHOICES = 100;

type Slot = RouterOutputs['sessions']['get']['timeSlots'][number];

export interface SlotChoice {
  eventId: string;
  sessionId: string;
  timeSlotId: string;
}

interface SlotChooserProps {
  value: SlotChoice;
  onChange: (choice: SlotChoice) => void;
  /** Titles of the booking being edited, so its event and session show before (or beyond) the lists. */
  known?: { eventTitle: string; sessionTitle: string } | undefined;
  timeZone: string;
  /** The Time Slot field's error. */
  error?: string | undefined;
}

type Option = { value: string; label: string };

/** Makes sure the current choice is among the options even when it is not in the loaded page. */
function withCurrent(options: Option[], value: string, label: string | undefined): Option[] {
  if (value === '' || label === undefined || options.some((option) => option.value === value)) return options;
  return [{ value, label }, ...options];
}

export function SlotChooser({ value, onChange, known, timeZone, error }: SlotChooserProps) {
  const dates = useDates();
  const [eventSearch, setEventSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(eventSearch.trim(), 300);

  const events = trpc.events.adminList.useQuery(
    { search: debouncedSearch === '' ? undefined : debouncedSearch, status: 'all', pageSize: CHOICES },
    { placeholderData: keepPreviousData },
  );
  const sessions = trpc.sessions.list.useQuery(
    { eventId: value.eventId, status: 'all', pageSize: CHOICES },
    { enabled: value.eventId !== '' },
  );
  const session = trpc.sessions.get.useQuery({ id: value.sessionId }, { enabled: value.sessionId !== '' });

  const eventOptions = withCurrent(
    (events.data?.items ?? []).map((event) => ({ value: event.id, label: event.isActive ? event.title : `${event.title} (inactive)` })),
    value.eventId,
    known?.eventTitle,
  );
  const selectedEventLabel = eventOptions.find((option) => option.value === value.eventId)?.label;
  const sessionOptions = withCurrent(
    (sessions.data?.items ?? []).map((item) => ({
      value: item.id,
      label: item.isActive ? item.title : `${item.title} (inactive)`,
    })),
    value.sessionId,
    known?.sessionTitle,
  );
  const slotOptions = (session.data?.timeSlots ?? []).map((slot) => ({ value: slot.id, label: slotLabel(slot, timeZone, dates) }));

  return (
    <Stack gap="sm">
      <Select
        label="Event"
        placeholder={events.isPending ? 'Loading events...' : 'Choose an event'}
        searchable
        // Typing searches on the server; showing the chosen event's title is not a search.
        onSearchChange={(search) => setEventSearch(search === selectedEventLabel ? '' : search)}
        data={eventOptions}
        value={value.eventId === '' ? null : value.eventId}
        onChange={(eventId) => onChange({ eventId: eventId ?? '', sessionId: '', timeSlotId: '' })}
        allowDeselect={false}
        nothingFoundMessage="No events found"
        error={events.isError ? messageOf(events.error, 'Events could not be loaded.') : undefined}
      />
      <Select
        label="Session"
        placeholder={value.eventId === '' ? 'Choose an event first' : sessions.isPending ? 'Loading sessions...' : 'Choose a session'}
        disabled={value.eventId === ''}
        data={sessionOptions}
        value={value.sessionId === '' ? null : value.sessionId}
        onChange={(sessionId) => onChange({ eventId: value.eventId, sessionId: sessionId ?? '', timeSlotId: '' })}
        allowDeselect={false}
        nothingFoundMessage="This event has no sessions"
        error={sessions.isError ? messageOf(sessions.error, 'Sessions could not be loaded.') : undefined}
      />
      <Select
        label="Time Slot"
        withAsterisk
        placeholder={value.sessionId === '' ? 'Choose a session first' : session.isPending ? 'Loading time slots...' : 'Choose a time slot'}
        disabled={value.sessionId === ''}
        data={slotOptions}
        value={value.timeSlotId === '' || session.isPending ? null : value.timeSlotId}
        onChange={(timeSlotId) => onChange({ ...value, timeSlotId: timeSlotId ?? '' })}
        allowDeselect={false}
        nothingFoundMessage="This session has no time slots"
        error={error ?? (session.isError ? messageOf(session.error, 'Time slots could not be loaded.') : undefined)}
      />
    </Stack>
  );
}

function slotLabel(slot: Slot, timeZone: string, dates: DateFormatter): string {
  const parts = [dates.range(slot.startTime, slot.endTime, timeZone)];
  if (slot.isFull) parts.push('Full');
  else if (slot.seatsLeft !== null) parts.push(`${slot.seatsLeft} ${slot.seatsLeft === 1 ? 'seat' : 'seats'} left`);
  if (Date.parse(slot.startTime) < Date.now()) parts.push('Past');
  return parts.join(' · ');
}
