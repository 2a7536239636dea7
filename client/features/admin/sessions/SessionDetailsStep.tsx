// Wizard step 1: the session's own fields.
import { Alert, Checkbox, Group, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LIMITS } from '@server/shared/common.schemas';
import { messageOf, trpc } from '@client/trpc';
import { TranslatedTextFields } from '@client/features/admin/kit/TranslatedTextFields';
import { type DetailsValues, TRANSLATED_SESSION_FIELDS } from './wizard-model';
import { PriceFields } from './PriceFields';

/** The select offers the first 100 events (the largest page); a session's own event is always offered. */
const EVENT_PAGE_SIZE = 100;

export function SessionDetailsStep({
  form,
  currentEvent,
}: {
  form: UseFormReturnType<DetailsValues>;
  currentEvent?: { id: string; title: string } | undefined;
}) {
  const events = trpc.events.adminList.useQuery({ pageSize: EVENT_PAGE_SIZE });
  const options = (events.data?.items ?? []).map((event) => ({ value: event.id, label: event.title }));
  if (currentEvent !== undefined && !options.some((option) => option.value === currentEvent.id)) {
    options.unshift({ value: currentEvent.id, label: currentEvent.title });
  }
  const unlimited = form.values.unlimited;

  return (
    <Stack gap="sm">
      {events.isError && (
        <Alert color="red" role="alert">
          Error loading events: {messageOf(events.error, 'please try again')}
        </Alert>
      )}
      <Select
        label="Event"
        withAsterisk
        placeholder={events.isPending ? 'Loading events...' : 'Choose an event'}
        data={options}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No events found"
        {...form.getInputProps('eventId')}
        value={form.values.eventId === '' ? null : form.values.eventId}
        onChange={(value) => form.setFieldValue('eventId', value ?? '')}
      />
      <TranslatedTextFields
        label="Session texts"
        english={
          <>
            <TextInput label="Title" withAsterisk maxLength={LIMITS.title} {...form.getInputProps('title')} />
            <Textarea label="Description" autosize minRows={2} maxRows={6} maxLength={LIMITS.longText} {...form.getInputProps('description')} />
          </>
        }
        fields={TRANSLATED_SESSION_FIELDS}
        values={form.values.translations}
        onChange={(code, key, value) => form.setFieldValue(`translations.${code}.${key}`, value)}
        errorOf={(code, key) => {
          const error = form.errors[`translations.${code}.${key}`];
          return typeof error === 'string' ? error : undefined;
        }}
      />
      <Group grow align="flex-start">
        <TextInput label="Location" maxLength={LIMITS.shortText} {...form.getInputProps('location')} />
        <TextInput label="Facilitator" maxLength={LIMITS.name} {...form.getInputProps('facilitator')} />
      </Group>
      <Group align="flex-end">
        <NumberInput
          label="Max participants"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          disabled={unlimited}
          {...form.getInputProps('maxParticipants')}
        />
        <Checkbox
          label="Unlimited"
          mb={8}
          {...form.getInputProps('unlimited', { type: 'checkbox' })}
          onChange={(event) => {
            form.setFieldValue('unlimited', event.currentTarget.checked);
            form.clearFieldError('maxParticipants');
          }}
        />
      </Group>
      <Group align="flex-end">
        <Select
          label="When a seat frees up"
          data={[
            { value: 'now', label: 'Promote the first waitlisted at once' },
            { value: 'offer', label: 'Offer it to the first waitlisted for some hours' },
          ]}
          value={form.values.waitlist}
          onChange={(value) => {
            if (value === 'now' || value === 'offer') form.setFieldValue('waitlist', value);
            form.clearFieldError('offerHours');
          }}
          allowDeselect={false}
          w={340}
        />
        {form.values.waitlist === 'offer' && (
          <NumberInput label="Hours to take the seat" min={1} max={168} allowDecimal={false} allowNegative={false} {...form.getInputProps('offerHours')} />
        )}
      </Group>
      <PriceFields form={form} />
      <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </Stack>
  );
}
