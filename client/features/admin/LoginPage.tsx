// Admin sign-in at /admin/login. Already signed-in visitors never get here: the
// route's beforeLoad sends them to the dashboard. After signing in, the guard's ?redirect= (a path
// inside the back office only) is where the person goes back to. For an account with two-factor on,
// the right password leads to a second step that asks for the code (TwoFactorStep).
import '@client/zod-config'; // before any schema of this chunk is created
import '@mantine/core/styles.css';
import { Alert, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { signInInput } from '@server/identity/auth.schemas';
import { safeAdminPath } from './safe-admin-path';
import { messageOf, trpc } from '@client/trpc';
import { TwoFactorStep } from './TwoFactorStep';
import { usePublicSettings } from '@client/features/layout/PublicLayout';
import { LogoMark } from '@client/features/layout/SiteHeader';

/** The firm's logo (or initials) and name above the form, so staff know whose back office this is. */
function SignInBrand() {
  const { siteName, identity } = usePublicSettings();
  if (siteName === '') return null;
  return (
    <Group justify="center" gap="sm">
      <LogoMark siteName={siteName} logoUrl={identity.logoUrl} size={40} />
      <Text fw={700} size="lg">
        {siteName}
      </Text>
    </Group>
  );
}

export function LoginPage() {
  const search = useSearch({ from: '/admin/login' });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInInput, { sync: true }),
  });
  const signIn = trpc.auth.signIn.useMutation({
    onSuccess: async (answer) => {
      if ('twoFactorRequired' in answer) {
        setCodeStep(true);
        return;
      }
      utils.auth.me.setData(undefined, { ...answer });
      await navigate({ to: safeAdminPath(search.redirect) });
    },
    // The server's words: 'Invalid email or password.' or the slow-down message after repeated failures.
    onError: (failure) => setError(messageOf(failure, 'Login failed. Please check your credentials.')),
  });

  if (codeStep) {
    return (
      <Center mih="100vh" bg="gray.0" p="md">
        <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={420}>
          <TwoFactorStep
            onSignedIn={async (user) => {
              utils.auth.me.setData(undefined, { ...user });
              await navigate({ to: safeAdminPath(search.redirect) });
            }}
            onRestart={(message) => {
              form.setFieldValue('password', '');
              setError(message);
              setCodeStep(false);
            }}
          />
        </Paper>
      </Center>
    );
  }

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={420}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setError(null);
            signIn.mutate(values);
          })}
        >
          <Stack>
            <SignInBrand />
            <div>
              <Title order={1} ta="center">
                Admin Sign In
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                Sign in to manage events, bookings and messages.
              </Text>
            </div>
            {error !== null && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {/* No asterisks: both fields are plainly needed to sign in, and a label of exactly 'Email' /
                'Password' is what the e2e helper signInThroughUi (tests/e2e/support.ts) looks for. */}
            <TextInput label="Email" type="email" autoComplete="username" aria-required {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              aria-required
              // Mantine leaves the show/hide toggle out of the tab order; keyboard users need it too.
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
              {...form.getInputProps('password')}
            />
            <Button type="submit" disabled={signIn.isPending} fullWidth>
              {signIn.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
