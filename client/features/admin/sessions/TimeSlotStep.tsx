// Wizard step 3: the session's time slots, held in the wizard until the one save.
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useConfirmWithParticipantsTold } from '@client/features/admin/kit/participants-told';
import { TimeSlotModal } from './TimeSlotModal';
import { defaultSlotTimes, durationMinutes, newSlotKey, sortSlots, type DraftSlot } from './wizard-model';
import { ScrollTable } from '@client/features/admin/kit/ScrollTable';
import { useDates } from '@client/use-dates';

type Editing = { mode: 'add'; defaults: { startTime: string; endTime: string } } | { mode: 'edit'; slot: DraftSlot };

export function TimeSlotStep({
  slots,
  timeZone,
  error,
  onChange,
}: {
  slots: DraftSlot[];
  timeZone: string;
  error: string | null;
  onChange: (slots: DraftSlot[]) => void;
}) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const dates = useDates();
  const add = (times: { startTime: string; endTime: string }) => onChange(sortSlots([...slots, { key: newSlotKey(), ...times }]));
  const confirmWithTold = useConfirmWithParticipantsTold();
  // A stored slot's live bookings are cancelled, and their participants e-mailed, when the session is saved.
  const remove = async (slot: DraftSlot) => {
    if (slot.id !== undefined) {
      const question = 'Are you sure you want to remove this time slot? Its bookings are cancelled when the session is saved.';
      if (!(await confirmWithTold(question, { timeSlotId: slot.id }))) return;
    }
    onChange(slots.filter((other) => other.key !== slot.key));
  };

  return (
    <Stack gap="sm">
      {error !== null && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {slots.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            No time slots yet. A quick slot starts one day from now, on the next quarter hour, and lasts 2 hours.
          </Text>
          <Group gap="sm">
            <Button variant="light" onClick={() => add(defaultSlotTimes(timeZone))}>
              Quick Add Time Slot
            </Button>
            <Button variant="default" onClick={() => setEditing({ mode: 'add', defaults: defaultSlotTimes(timeZone) })}>
              Add Time Slot
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <ScrollTable minWidth={500} label="Time slots">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date and time ({timeZone})</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {slots.map((slot) => {
                  const when = dates.range(slot.startTime, slot.endTime, timeZone);
                  return (
                    <Table.Tr key={slot.key}>
                      <Table.Td>{when}</Table.Td>
                      <Table.Td>{durationMinutes(slot.startTime, slot.endTime)} minutes</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            aria-label={`Edit time slot ${when}`}
                            onClick={() => setEditing({ mode: 'edit', slot })}
                          >
                            Edit
                          </Button>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={`Remove time slot ${when}`}
                            onClick={() => void remove(slot)}
                          >
                            Remove
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Group>
            <Button variant="default" onClick={() => setEditing({ mode: 'add', defaults: defaultSlotTimes(timeZone) })}>
              Add Time Slot
            </Button>
          </Group>
        </>
      )}
      <TimeSlotModal
        title={editing?.mode === 'edit' ? 'Edit Time Slot' : 'Add Time Slot'}
        initial={editing === null ? null : editing.mode === 'add' ? editing.defaults : editing.slot}
        timeZone={timeZone}
        onClose={() => setEditing(null)}
        onSave={(times) => {
          if (editing?.mode === 'edit') {
            const key = editing.slot.key;
            onChange(sortSlots(slots.map((slot) => (slot.key === key ? { ...slot, ...times } : slot))));
          } else {
            add(times);
          }
          setEditing(null);
        }}
      />
    </Stack>
  );
}
