// Add or edit one account. A new account gets a password; an existing one keeps its own (they
// change it themselves under Security). Your own role is shown but cannot be changed.
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createUserInput, ROLE_LABELS, ROLES, updateUserInput } from '@server/schemas/auth';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { failureText, notifyError, notifySuccess } from '../kit/notify';
import type { UserRow } from './userRow';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const editSchema = updateUserInput.omit({ id: true });

export function UserFormModal({ user, isSelf, onClose }: { user: UserRow | 'new' | null; isSelf: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const isNew = user === 'new';
  const existing = user !== null && user !== 'new' ? user : null;
  // The parent keys this component by the row, so the form starts afresh each time it opens.
  const form = useForm({
    initialValues: {
      name: existing?.name ?? '',
      email: existing?.email ?? '',
      password: '',
      role: (existing?.role ?? 'user') as (typeof ROLES)[number],
    },
    validate: schemaResolver(isNew ? createUserInput : editSchema, { sync: true }),
  });

  const onSaved = async (saved: { name: string }, verb: 'added' | 'updated') => {
    notifySuccess(`User ${saved.name} ${verb} successfully`);
    onClose();
    await utils.users.list.invalidate();
    // Editing yourself changes the header and the Profile tab.
    if (isSelf) await Promise.all([utils.auth.me.invalidate(), utils.settings.get.invalidate()]);
  };
  const onFailed = (error: unknown) => {
    form.setErrors(fieldErrorsOf(error));
    notifyError(failureText('Failed to save user', error));
  };
  const create = trpc.users.create.useMutation({ onSuccess: (saved) => onSaved(saved, 'added'), onError: onFailed });
  const update = trpc.users.update.useMutation({ onSuccess: (saved) => onSaved(saved, 'updated'), onError: onFailed });

  return (
    <Modal opened={user !== null} onClose={onClose} title={isNew ? 'Add User' : 'Edit User'} centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (existing === null) create.mutate(values);
          else update.mutate({ id: existing.id, name: values.name, email: values.email, role: values.role });
        })}
      >
        <Stack gap="md">
          <TextInput label="Full Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Email Address" withAsterisk type="email" {...form.getInputProps('email')} />
          {isNew && (
            <PasswordInput
              label="Password"
              withAsterisk
              autoComplete="new-password"
              description="At least 8 characters. Share it with the person safely; they can change it under Security."
              {...form.getInputProps('password')}
            />
          )}
          <Select
            label="Role"
            withAsterisk
            data={ROLE_OPTIONS}
            allowDeselect={false}
            disabled={isSelf}
            description={isSelf ? 'You cannot change your own role.' : undefined}
            {...form.getInputProps('role')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {isNew ? 'Create User' : 'Update User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
