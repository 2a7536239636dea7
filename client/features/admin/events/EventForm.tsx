// 'Create Event' / 'Edit Event'. The form is mounted afresh each time the modal opens, so it always
// starts from the event's stored values or from blank.
import { NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { MediaUpload } from '@client/features/admin/kit/MediaUpload';
import { type TranslatedField, TranslatedTextFields } from '@client/features/admin/kit/TranslatedTextFields';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { BenefitsField } from './BenefitsField';
import { ImageFocusField } from './ImageFocusField';
import {
  emptyEventForm,
  type EventDto,
  type EventFormValues,
  eventFormValues,
  toEventInput,
  validateEventForm,
} from './event-form';
import { useInvalidateEvents } from './use-invalidate-events';

const TRANSLATED_EVENT_FIELDS: readonly TranslatedField<'title' | 'description'>[] = [
  { key: 'title', label: 'title' },
  { key: 'description', label: 'description', multiline: true },
];

interface EventFormModalProps {
  opened: boolean;
  /** null: a new event. */
  event: EventDto | null;
  onClose: () => void;
}

export function EventFormModal({ opened, event, onClose }: EventFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={event === null ? 'Create Event' : 'Edit Event'}>
      <EventForm event={event} onDone={onClose} />
    </FormModal>
  );
}

function EventForm({ event, onDone }: { event: EventDto | null; onDone: () => void }) {
  const invalidate = useInvalidateEvents();
  const [uploading, setUploading] = useState({ image: false, video: false });
  const form = useForm<EventFormValues>({
    initialValues: event === null ? emptyEventForm() : eventFormValues(event),
    validate: validateEventForm,
  });

  const handlers = (successText: string, failurePrefix: string) => ({
    onSuccess: async () => {
      await invalidate();
      notifySuccess(successText);
      onDone();
    },
    onError: (error: unknown) => {
      form.setErrors(fieldErrorsOf(error));
      notifyError(failureText(failurePrefix, error));
    },
  });
  const create = trpc.events.create.useMutation(handlers('Event created successfully', 'Failed to create event'));
  const update = trpc.events.update.useMutation(handlers('Event updated successfully', 'Failed to update event'));

  return (
    <ModalForm
      submitLabel={event === null ? 'Create Event' : 'Update Event'}
      saving={create.isPending || update.isPending}
      submitDisabled={uploading.image || uploading.video}
      error={create.error ?? update.error}
      onSubmit={form.onSubmit((values) => {
        const input = toEventInput(values);
        if (event === null) create.mutate(input);
        else update.mutate({ ...input, id: event.id });
      })}
    >
      <TranslatedTextFields
        label="Event texts"
        english={
          <>
            <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
            <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
          </>
        }
        fields={TRANSLATED_EVENT_FIELDS}
        values={form.values.translations}
        onChange={(code, key, value) => form.setFieldValue(`translations.${code}.${key}`, value)}
        errorOf={(code, key) => {
          const error = form.errors[`translations.${code}.${key}`];
          return typeof error === 'string' ? error : undefined;
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Date"
          placeholder="e.g. Spring 2027"
          description="Optional. The site shows the days the sessions' time slots run; this text stands in until a slot is scheduled."
          {...form.getInputProps('date')}
        />
        <TextInput label="Location" placeholder="e.g. Accra, Ghana" {...form.getInputProps('location')} />
      </SimpleGrid>
      <MediaUpload
        kind="image"
        label="Image"
        withAsterisk
        value={form.getValues().imageUrl}
        onChange={(url) => form.setFieldValue('imageUrl', url)}
        error={form.errors.imageUrl}
        onUploadingChange={(busy) => setUploading((state) => ({ ...state, image: busy }))}
      />
      <ImageFocusField
        imageUrl={form.getValues().imageUrl}
        x={form.getValues().imageFocusX}
        y={form.getValues().imageFocusY}
        onChange={(x, y) => form.setValues({ imageFocusX: x, imageFocusY: y })}
        errorX={form.errors.imageFocusX}
        errorY={form.errors.imageFocusY}
      />
      <MediaUpload
        kind="video"
        label="Video"
        value={form.getValues().videoUrl}
        onChange={(url) => form.setFieldValue('videoUrl', url)}
        error={form.errors.videoUrl}
        onUploadingChange={(busy) => setUploading((state) => ({ ...state, video: busy }))}
      />
      <TextInput
        label="Registration Link"
        type="url"
        placeholder="https://"
        {...form.getInputProps('registrationLink')}
      />
      <TextInput label="Attendees" placeholder="e.g. 30+ businesses" {...form.getInputProps('attendees')} />
      <BenefitsField form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Display Order"
          description="Lower numbers come first; empty means 1"
          min={1}
          // No silent clamping: a 0 gets the schema's message instead of quietly becoming 1.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('displayOrder')}
        />
        <Switch
          label="Active"
          description="Inactive events are hidden from the public site"
          mt="md"
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
      </SimpleGrid>
    </ModalForm>
  );
}
