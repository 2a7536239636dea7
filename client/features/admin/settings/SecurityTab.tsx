// Security: password change, the two-factor switch and the session timeout. The password is only
// changed when a new one is typed; the server checks the current one and keeps this session open.
// The two-factor switch is not part of Save Changes: it opens its own set-up (TwoFactorSection).
import { NumberInput, PasswordInput, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SESSION_TIMEOUT_RANGE, securitySettingsInput } from '@server/settings/settings.schemas';
import { type RouterOutputs, trpc } from '@client/trpc';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { notifySaved, notifySaveFailed } from './save-feedback';
import { TwoFactorSection } from './TwoFactorSection';

type Security = RouterOutputs['settings']['get']['security'];

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function SecurityTab({ security }: { security: Security }) {
  const utils = trpc.useUtils();
  const form = useForm<{
    currentPassword: string;
    newPassword: string;
    confirmPassword: string;
    sessionTimeout: number | string;
  }>({
    initialValues: { ...NO_PASSWORDS, sessionTimeout: security.sessionTimeout },
    validate: schemaResolver(securitySettingsInput, { sync: true }),
  });
  const save = trpc.settings.updateSecurity.useMutation({
    onSuccess: (saved) => {
      const values = { ...NO_PASSWORDS, sessionTimeout: saved.sessionTimeout };
      form.setValues(values);
      form.resetDirty(values);
      notifySaved('security');
      utils.settings.get.setData(undefined, (old) =>
        old === undefined ? old : { ...old, security: { twoFactorEnabled: saved.twoFactorEnabled, sessionTimeout: saved.sessionTimeout } },
      );
    },
    onError: (error) => notifySaveFailed('security', error, form.setErrors),
  });

  return (
    <PageForm
      saving={save.isPending}
      error={save.error}
      onSubmit={form.onSubmit((values) =>
        save.mutate({
          ...values,
          sessionTimeout: Number(values.sessionTimeout),
        }),
      )}
    >
      <FormSection title="Security Settings" description="Leave the password fields empty to keep your current password.">
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show current password' }}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput label="New Password" autoComplete="new-password" description="At least 8 characters." {...form.getInputProps('newPassword')} />
        <PasswordInput label="Confirm New Password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <TwoFactorSection enabled={security.twoFactorEnabled} />
        <NumberInput
          label="Session Timeout (minutes)"
          description={`Signed-in sessions end after this long without activity (${SESSION_TIMEOUT_RANGE.min}–${SESSION_TIMEOUT_RANGE.max}).`}
          min={SESSION_TIMEOUT_RANGE.min}
          max={SESSION_TIMEOUT_RANGE.max}
          // Out-of-range values are kept so that the rule's message shows, instead of being clamped silently.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('sessionTimeout')}
        />
        <Text size="xs" c="dimmed">
          Changing your password signs you out everywhere else.
        </Text>
      </FormSection>
    </PageForm>
  );
}
