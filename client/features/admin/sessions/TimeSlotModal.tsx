// Adds or edits one time slot. Times are typed in the site's timezone (named in the labels'
// description) and leave as UTC ISO strings.
import { Text, TextInput } from '@mantine/core';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { useForm } from '@mantine/form';
import {
  durationMinutes,
  fromLocalInput,
  toLocalInput,
  validateSlotForm,
  type SlotFormValues,
} from './wizard-model';

interface SlotTimes {
  startTime: string;
  endTime: string;
}

/**
 * Stays mounted and opens when `initial` is set (a Modal.Stack member must close, not unmount, to
 * leave the stack); the form inside is built afresh on every opening.
 */
export function TimeSlotModal({
  title,
  initial,
  timeZone,
  onClose,
  onSave,
}: {
  title: string;
  initial: SlotTimes | null;
  timeZone: string;
  onClose: () => void;
  onSave: (slot: SlotTimes) => void;
}) {
  return (
    <FormModal stackId="time-slot" opened={initial !== null} onClose={onClose} title={title} size="md">
      {initial !== null && <TimeSlotForm initial={initial} timeZone={timeZone} onSave={onSave} />}
    </FormModal>
  );
}

function TimeSlotForm({ initial, timeZone, onSave }: { initial: SlotTimes; timeZone: string; onSave: (slot: SlotTimes) => void }) {
  const form = useForm<SlotFormValues>({
    initialValues: { start: toLocalInput(initial.startTime, timeZone), end: toLocalInput(initial.endTime, timeZone) },
    validate: (values) => validateSlotForm(values, timeZone),
  });
  const startTime = fromLocalInput(form.values.start, timeZone);
  const endTime = fromLocalInput(form.values.end, timeZone);
  const minutes = startTime !== '' && endTime !== '' ? durationMinutes(startTime, endTime) : null;

  return (
    <ModalForm submitLabel="Save Time Slot" onSubmit={form.onSubmit(() => onSave({ startTime, endTime }))}>
      <TextInput
        label="Start Time"
        withAsterisk
        type="datetime-local"
        description={`In the site's timezone (${timeZone})`}
        data-autofocus
        {...form.getInputProps('start')}
      />
      <TextInput
        label="End Time"
        withAsterisk
        type="datetime-local"
        description={`In the site's timezone (${timeZone})`}
        {...form.getInputProps('end')}
      />
      <Text size="sm" aria-live="polite">
        Duration: {minutes !== null && minutes > 0 ? `${minutes} minutes` : '—'}
      </Text>
    </ModalForm>
  );
}
