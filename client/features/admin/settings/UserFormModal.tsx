// Add or edit one account. A new account gets a password; an existing one keeps its own (they
// change it themselves under Security). Your own role is shown but cannot be changed.
import { PasswordInput, Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { createUserInput, ROLE_LABELS, ROLES, updateUserInput } from '@server/identity/auth.schemas';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import type { UserRow } from './user-row';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const editSchema = updateUserInput.omit({ id: true });

export function UserFormModal({ user, isSelf, onClose }: { user: UserRow | 'new' | null; isSelf: boolean; onClose: () => void }) {
  return (
    <FormModal opened={user !== null} onClose={onClose} title={user === 'new' ? 'Add User' : 'Edit User'} size="md">
      {user !== null && <UserForm existing={user === 'new' ? null : user} isSelf={isSelf} onClose={onClose} />}
    </FormModal>
  );
}

function UserForm({ existing, isSelf, onClose }: { existing: UserRow | null; isSelf: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const isNew = existing === null;
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
    <ModalForm
      submitLabel={isNew ? 'Create User' : 'Update User'}
      saving={create.isPending || update.isPending}
      error={create.error ?? update.error}
      onSubmit={form.onSubmit((values) => {
        if (existing === null) create.mutate(values);
        else update.mutate({ id: existing.id, name: values.name, email: values.email, role: values.role });
      })}
    >
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
    </ModalForm>
  );
}
