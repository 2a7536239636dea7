// Security: password change, the two-factor switch and the session timeout. The password is only
// changed when a new one is typed; the server checks the current one and keeps this session open.
import { NumberInput, PasswordInput, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { SESSION_TIMEOUT_RANGE, securitySettingsInput } from '@server/schemas/settings';
import { type RouterOutputs, trpc } from '@client/trpc';
import { notifySaved, notifySaveFailed } from './saveFeedback';
import { SettingsForm } from './SettingsForm';

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
    <SettingsForm
      title="Security Settings"
      description="Leave the password fields empty to keep your current password."
      saving={save.isPending}
      onSubmit={form.onSubmit((values) =>
        save.mutate({
          ...values,
          // No second factor exists yet: the stored flag is sent back unchanged, never switched on here.
          twoFactorEnabled: security.twoFactorEnabled,
          sessionTimeout: Number(values.sessionTimeout),
        }),
      )}
    >
      <PasswordInput
        label="Current Password"
        autoComplete="current-password"
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': 'Show current password' }}
        {...form.getInputProps('currentPassword')}
      />
      <PasswordInput label="New Password" autoComplete="new-password" description="At least 8 characters." {...form.getInputProps('newPassword')} />
      <PasswordInput label="Confirm New Password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
      <Switch
        label="Two-Factor Authentication"
        description="Two-factor sign-in is not available yet."
        checked={security.twoFactorEnabled}
        disabled
        readOnly
      />
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
    </SettingsForm>
  );
}
