// Make an API token: a name, the scopes it may use and how long it lasts. After saving, the same
// modal shows the token once, with a copy button: the server keeps only its hash.
import { Alert, Button, Checkbox, Code, CopyButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { API_SCOPES, type ApiScope, createApiTokenInput } from '@server/api-tokens/api-tokens.schemas';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifyError } from '@client/features/admin/kit/notify';

export const SCOPE_LABELS: Record<ApiScope, string> = {
  'bookings:read': 'Read bookings',
  'bookings:write': 'Add and change bookings',
  'consultations:read': 'Read consultations',
  'contacts:read': 'Read contact messages',
  'events:read': 'Read events',
  'events:write': 'Add and change events',
};

const EXPIRY_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
];

const DAY_MS = 86_400_000;

/** The expiry an option means, counted from the moment the form is sent. */
function expiryOf(option: string): string | null {
  return option === 'never' ? null : new Date(Date.now() + Number(option) * DAY_MS).toISOString();
}

export function ApiTokenFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [made, setMade] = useState<string | null>(null);
  const close = () => {
    setMade(null);
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} title={made === null ? 'New API Token' : 'Copy Your API Token'} size="md">
      {made === null ? <ApiTokenForm onMade={setMade} /> : <MadeToken token={made} onDone={close} />}
    </FormModal>
  );
}

function ApiTokenForm({ onMade }: { onMade: (token: string) => void }) {
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: { name: '', scopes: [] as ApiScope[], expiry: '90' },
    validate: schemaResolver(createApiTokenInput.pick({ name: true, scopes: true }), { sync: true }),
  });
  const create = trpc.apiTokens.create.useMutation({
    onSuccess: async (answer) => {
      onMade(answer.token);
      await utils.apiTokens.list.invalidate();
    },
    onError: (error) => {
      form.setErrors(fieldErrorsOf(error));
      notifyError(failureText('Failed to create API token', error));
    },
  });
  return (
    <ModalForm
      submitLabel="Create Token"
      saving={create.isPending}
      error={create.error}
      onSubmit={form.onSubmit((values) =>
        create.mutate({
          name: values.name,
          scopes: values.scopes,
          expiresAt: expiryOf(values.expiry),
        }),
      )}
    >
      <TextInput label="Name" withAsterisk data-autofocus description="Which tool uses it, e.g. CRM sync." {...form.getInputProps('name')} />
      <Checkbox.Group label="Scopes" withAsterisk description="The token can do only this, never more than your own account." {...form.getInputProps('scopes')}>
        <Stack gap={6} mt={6}>
          {API_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} label={`${SCOPE_LABELS[scope]} (${scope})`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Select label="Expires after" data={EXPIRY_OPTIONS} allowDeselect={false} {...form.getInputProps('expiry')} />
    </ModalForm>
  );
}

function MadeToken({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" title="Shown only once">
        Copy the token now and keep it in the other tool's settings: it cannot be shown again. Send it as{' '}
        <Code>Authorization: Bearer</Code>, never in an address.
      </Alert>
      <Code block aria-label="API token" style={{ wordBreak: 'break-all' }}>
        {token}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={token}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? 'Copied' : 'Copy Token'}</Button>}</CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
      <Text size="xs" c="dimmed">
        Lost it? Revoke it and make a new one.
      </Text>
    </Stack>
  );
}
