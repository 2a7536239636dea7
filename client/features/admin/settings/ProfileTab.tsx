// Profile: the signed-in account's avatar, name and e-mail. The role is shown, never edited here:
// nobody changes their own role (an admin changes another account's role under Users). A new
// e-mail address (the sign-in name) asks for the current password, and the old address is told.
import { PasswordInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ROLE_LABELS } from '@server/identity/auth.schemas';
import { profileSettingsInput } from '@server/settings/settings.schemas';
import { type RouterOutputs, trpc } from '@client/trpc';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { AvatarField } from './AvatarField';
import { notifySaved, notifySaveFailed } from './save-feedback';

type Profile = RouterOutputs['settings']['get']['profile'];

function formValues(profile: Profile) {
  return { name: profile.name, email: profile.email, avatarUrl: profile.avatarUrl ?? '', currentPassword: '' };
}

export function ProfileTab({ profile }: { profile: Profile }) {
  const utils = trpc.useUtils();
  const form = useForm({
    initialValues: formValues(profile),
    validate: schemaResolver(profileSettingsInput, { sync: true }),
  });
  const save = trpc.settings.updateProfile.useMutation({
    onSuccess: async (saved) => {
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      notifySaved('profile');
      utils.settings.get.setData(undefined, (old) => (old === undefined ? old : { ...old, profile: saved }));
      // The header shows the name and avatar; the Users tab lists this account too.
      await Promise.all([utils.auth.me.invalidate(), utils.users.list.invalidate()]);
    },
    onError: (error) => notifySaveFailed('profile', error, form.setErrors),
  });

  const emailChanged = form.values.email.trim().toLowerCase() !== profile.email;

  return (
    <PageForm
      saving={save.isPending}
      error={save.error}
      onSubmit={form.onSubmit(({ currentPassword, ...values }) =>
        save.mutate(emailChanged ? { ...values, currentPassword } : values),
      )}
    >
      <FormSection title="Profile Information" description="Your name, e-mail address and picture as other staff see them.">
        <AvatarField
          name={form.values.name}
          url={form.values.avatarUrl === '' ? null : form.values.avatarUrl}
          onChange={(url) => form.setFieldValue('avatarUrl', url ?? '')}
          error={form.errors.avatarUrl}
        />
        <TextInput label="Full Name" withAsterisk autoComplete="name" {...form.getInputProps('name')} />
        <TextInput label="Email Address" withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
        {emailChanged && (
          <PasswordInput
            label="Current Password"
            withAsterisk
            autoComplete="current-password"
            description={`Your e-mail address is how you sign in: confirm the change with your password. ${profile.email} will be told.`}
            {...form.getInputProps('currentPassword')}
          />
        )}
        <TextInput
          label="Role"
          value={ROLE_LABELS[profile.role]}
          readOnly
          variant="filled"
          description="Only another administrator can change your role."
        />
      </FormSection>
    </PageForm>
  );
}
