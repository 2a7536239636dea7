// Add or change a webhook endpoint: its https address, the events it receives, a description and
// (when editing) whether it is on. After adding, the same modal shows the signing secret once, with
// a copy button: the receiver needs it to check signatures, and it cannot be shown again.
import { Alert, Button, Checkbox, Code, CopyButton, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { createWebhookInput, WEBHOOK_EVENTS, type WebhookEvent } from '@server/webhooks/webhooks.schemas';
import type { WebhookEndpointDto } from '@server/webhooks/webhooks.service';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'booking.created': 'Booking made',
  'booking.status_changed': 'Booking status changed',
  'booking.cancelled': 'Booking cancelled',
  'consultation.booked': 'Consultation booked',
  'consultation.rescheduled': 'Consultation moved',
  'consultation.cancelled': 'Consultation cancelled',
  'contact.received': 'Contact message received',
  'payment.received': 'Payment received',
  'payment.refunded': 'Refund sent',
};

/** `editing` null: a new endpoint. */
export function WebhookFormModal({ opened, editing, onClose }: { opened: boolean; editing: WebhookEndpointDto | null; onClose: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  const title = secret !== null ? 'Copy the Signing Secret' : editing === null ? 'New Webhook Endpoint' : 'Edit Webhook Endpoint';
  return (
    <FormModal opened={opened} onClose={close} title={title} size="md">
      {secret === null ? <WebhookForm editing={editing} onMade={setSecret} onSaved={close} /> : <MadeSecret secret={secret} onDone={close} />}
    </FormModal>
  );
}

function WebhookForm({ editing, onMade, onSaved }: { editing: WebhookEndpointDto | null; onMade: (secret: string) => void; onSaved: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: {
      url: editing?.url ?? '',
      events: editing?.events ?? ([] as WebhookEvent[]),
      description: editing?.description ?? '',
      enabled: editing?.enabled ?? true,
    },
    validate: schemaResolver(createWebhookInput.pick({ url: true, events: true }), { sync: true }),
  });
  const onError = (what: string) => (error: Parameters<typeof fieldErrorsOf>[0]) => {
    form.setErrors(fieldErrorsOf(error));
    notifyError(failureText(what, error));
  };
  const create = trpc.webhooks.create.useMutation({
    onSuccess: async (answer) => {
      onMade(answer.secret);
      await utils.webhooks.list.invalidate();
    },
    onError: onError('Failed to add webhook endpoint'),
  });
  const update = trpc.webhooks.update.useMutation({
    onSuccess: async () => {
      notifySuccess('Webhook endpoint saved');
      await utils.webhooks.list.invalidate();
      onSaved();
    },
    onError: onError('Failed to save webhook endpoint'),
  });
  const saving = create.isPending || update.isPending;
  return (
    <ModalForm
      submitLabel={editing === null ? 'Add Endpoint' : 'Save Endpoint'}
      saving={saving}
      error={editing === null ? create.error : update.error}
      onSubmit={form.onSubmit((values) => {
        const fields = { url: values.url, events: values.events, description: values.description === '' ? null : values.description };
        if (editing === null) create.mutate(fields);
        else update.mutate({ ...fields, id: editing.id, enabled: values.enabled });
      })}
    >
      <TextInput label="Endpoint URL" withAsterisk data-autofocus placeholder="https://crm.example.com/hooks" description="Where events are sent (https)." {...form.getInputProps('url')} />
      <Checkbox.Group label="Events" withAsterisk description="What this endpoint is told about." {...form.getInputProps('events')}>
        <Stack gap={6} mt={6}>
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={`${EVENT_LABELS[event]} (${event})`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput label="Description" description="Optional, e.g. which tool receives it." {...form.getInputProps('description')} />
      {editing !== null && <Switch label="On: events are sent to this endpoint" {...form.getInputProps('enabled', { type: 'checkbox' })} />}
    </ModalForm>
  );
}

function MadeSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" title="Shown only once">
        Copy the signing secret now and keep it in the receiver's settings: it checks each request's <Code>webhook-signature</Code> with it
        (Standard Webhooks). It cannot be shown again.
      </Alert>
      <Code block aria-label="Signing secret" style={{ wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? 'Copied' : 'Copy Secret'}</Button>}</CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Lost it? Delete the endpoint and add it again.
      </Text>
    </Stack>
  );
}
