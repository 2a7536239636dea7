// The delegate's fields, shared by the wizard's new-delegate form and its edit modal.
import { Group, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LIMITS } from '@server/shared/common.schemas';
import type { DelegateFormValues } from './wizard-model';

export function DelegateFields({ form }: { form: UseFormReturnType<DelegateFormValues> }) {
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput label="Full Name" withAsterisk maxLength={LIMITS.name} {...form.getInputProps('name')} />
        <TextInput label="Email Address" withAsterisk type="email" maxLength={LIMITS.email} {...form.getInputProps('email')} />
      </Group>
      <Group grow align="flex-start">
        <TextInput label="Phone Number" type="tel" maxLength={LIMITS.phone} {...form.getInputProps('phone')} />
        <TextInput label="Organization" maxLength={LIMITS.shortText} {...form.getInputProps('organization')} />
      </Group>
      <TextInput label="Position/Title" maxLength={LIMITS.shortText} {...form.getInputProps('position')} />
    </Stack>
  );
}
