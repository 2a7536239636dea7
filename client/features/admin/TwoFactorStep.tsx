// The second step of signing in to an account with two-factor on: the 6-digit code from the
// authenticator app (numeric keyboard, and browsers may fill a code they received), or one of the
// recovery codes. The challenge itself travels in an HttpOnly cookie set by the password step.
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { type RouterOutputs, messageOf, trpc } from '@client/trpc';

type SignedInUser = RouterOutputs['auth']['verifyTwoFactor'];

/** The server's answer when the 5-minute challenge is gone: the password step must be done again. */
const CHALLENGE_EXPIRED_PREFIX = 'Your sign-in has expired.';

export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: SignedInUser) => void | Promise<void>;
  onRestart: (message: string | null) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() === '' ? 'Verification code is required' : null) },
  });
  const verify = trpc.auth.verifyTwoFactor.useMutation({
    onSuccess: (user) => onSignedIn(user),
    onError: (failure) => {
      const message = messageOf(failure, 'Verification failed. Please try again.');
      if (message.startsWith(CHALLENGE_EXPIRED_PREFIX)) {
        onRestart(message);
        return;
      }
      form.setFieldValue('code', '');
      setError(message);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setError(null);
        verify.mutate({ code: values.code });
      })}
    >
      <Stack>
        <div>
          <Title order={1} ta="center">
            Two-Factor Verification
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            {recovery
              ? 'Enter one of your recovery codes. Each code works once.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </Text>
        </div>
        {error !== null && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {recovery ? (
          <TextInput key="recovery" label="Recovery Code" autoComplete="off" autoCapitalize="none" spellCheck={false} data-autofocus {...form.getInputProps('code')} />
        ) : (
          <TextInput
            key="totp"
            label="Verification Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            data-autofocus
            {...form.getInputProps('code')}
          />
        )}
        <Button type="submit" disabled={verify.isPending} fullWidth>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <Text size="sm" ta="center">
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              form.setFieldValue('code', '');
              setError(null);
              setRecovery(!recovery);
            }}
          >
            {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </Anchor>
        </Text>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={() => onRestart(null)}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
