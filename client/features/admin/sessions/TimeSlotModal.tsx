// Adds or edits one time slot. Times are picked in the site's timezone (named in the fields'
// description) and leave as UTC ISO strings.
import { Text } from '@mantine/core';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { SiteDateTimePicker } from '@client/features/admin/kit/SiteDateTimePicker';
import { fromSiteWallClock, toSiteWallClock } from '@client/features/admin/kit/site-wall-clock';
import { useForm } from '@mantine/form';
import { durationMinutes, validateSlotForm, type SlotFormValues } from './wizard-model';

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
    initialValues: { start: toSiteWallClock(initial.startTime, timeZone), end: toSiteWallClock(initial.endTime, timeZone) },
    validate: (values) => validateSlotForm(values, timeZone),
  });
  const startTime = fromSiteWallClock(form.values.start, timeZone);
  const endTime = fromSiteWallClock(form.values.end, timeZone);
  const minutes = startTime !== '' && endTime !== '' ? durationMinutes(startTime, endTime) : null;

  return (
    <ModalForm submitLabel="Save Time Slot" onSubmit={form.onSubmit(() => onSave({ startTime, endTime }))}>
      <SiteDateTimePicker
        label="Start Time"
        withAsterisk
        clearable
        timeZone={timeZone}
        description={`In the site's timezone (${timeZone})`}
        data-autofocus
        {...form.getInputProps('start')}
      />
      <SiteDateTimePicker
        label="End Time"
        withAsterisk
        clearable
        timeZone={timeZone}
        description={`In the site's timezone (${timeZone})`}
        {...form.getInputProps('end')}
      />
      <Text size="sm" aria-live="polite">
        Duration: {minutes !== null && minutes > 0 ? `${minutes} minutes` : '—'}
      </Text>
    </ModalForm>
  );
}
