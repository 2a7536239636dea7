// 'Add Delegate' / 'Edit Delegate'. The delegates screen belongs to no session: a new delegate is
// created without one, and an edit never sends sessionId, so the server keeps the existing session.
import { Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { delegateFields } from '@server/sessions/sessions.schemas';
import { fieldErrorsOf, type RouterOutputs, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { PhotoField } from '@client/features/admin/kit/PhotoField';

export type Delegate = RouterOutputs['delegates']['list']['items'][number];

interface DelegateFormModalProps {
  opened: boolean;
  /** null: a new delegate. */
  delegate: Delegate | null;
  onClose: () => void;
}

export function DelegateFormModal({ opened, delegate, onClose }: DelegateFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={delegate === null ? 'Add Delegate' : 'Edit Delegate'}>
      <DelegateForm delegate={delegate} onDone={onClose} />
    </FormModal>
  );
}

function DelegateForm({ delegate, onDone }: { delegate: Delegate | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const onSettled = () => utils.delegates.invalidate();
  const create = trpc.delegates.create.useMutation({ onSettled });
  const update = trpc.delegates.update.useMutation({ onSettled });
  const form = useForm({
    initialValues: {
      name: delegate?.name ?? '',
      email: delegate?.email ?? '',
      phone: delegate?.phone ?? '',
      organization: delegate?.organization ?? '',
      position: delegate?.position ?? '',
      bio: delegate?.bio ?? '',
      photoUrl: delegate?.photoUrl ?? '',
    },
    validate: schemaResolver(delegateFields, { sync: true }),
  });

  const handlers = {
    onSuccess: (saved: Delegate) => {
      notifySuccess(`Delegate ${saved.name} ${delegate === null ? 'added' : 'updated'} successfully`);
      onDone();
    },
    onError: (error: unknown) => {
      form.setErrors(fieldErrorsOf(error));
      notifyError(failureText('Failed to save delegate', error));
    },
  };

  return (
    <ModalForm
      submitLabel="Save Delegate"
      saving={create.isPending || update.isPending}
      error={create.error ?? update.error}
      onSubmit={form.onSubmit((values) => {
        if (delegate === null) create.mutate(values, handlers);
        else update.mutate({ id: delegate.id, ...values }, handlers);
      })}
    >
      <PhotoField
        name={form.values.name}
        url={form.values.photoUrl === '' ? null : form.values.photoUrl}
        onChange={(url) => form.setFieldValue('photoUrl', url ?? '')}
        error={typeof form.errors.photoUrl === 'string' ? form.errors.photoUrl : undefined}
      />
      <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
      <TextInput label="Email" withAsterisk type="email" {...form.getInputProps('email')} />
      <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
      <TextInput label="Organization" {...form.getInputProps('organization')} />
      <TextInput label="Position" {...form.getInputProps('position')} />
      <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
    </ModalForm>
  );
}
