// Admin sign-in at /admin/login. Already signed-in visitors never get here: the
// route's beforeLoad sends them to the dashboard. After signing in, the guard's ?redirect= (a path
// inside the back office only) is where the person goes back to. For an account with two-factor on,
// the right password leads to a second step that asks for the code (TwoFactorStep). With single
// sign-on set up, "Sign in with <label>" goes to the identity provider (GET /auth/sso/start), which
// comes back here with ?sso=<why not> or ?step=code when the second factor is still due; with
// password sign-in closed, the password form is the owner's, behind a link.
import '@client/zod-config'; // before any schema of this chunk is created
import '@mantine/core/styles.css';
import { Alert, Anchor, Button, Center, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
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

/** Why single sign-on came back without a session, as the sign-in page says it. */
const SSO_FAILURE_TEXT: Record<string, string> = {
  failed: 'Single sign-on did not complete. Please try again.',
  unverified: 'Your identity provider has not verified your e-mail address.',
  'no-account': 'No account uses the e-mail address of your work account. Ask an administrator to add you.',
  off: 'Single sign-on is not set up.',
};

function ssoStartUrl(redirect: string | undefined): string {
  return redirect === undefined ? '/auth/sso/start' : `/auth/sso/start?redirect=${encodeURIComponent(redirect)}`;
}

export function LoginPage() {
  const search = useSearch({ from: '/admin/login' });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const options = trpc.auth.signInOptions.useQuery();
  const [error, setError] = useState<string | null>(search.sso === undefined ? null : (SSO_FAILURE_TEXT[search.sso] ?? SSO_FAILURE_TEXT.failed ?? null));
  const [codeStep, setCodeStep] = useState(search.step === 'code');
  const [ownerForm, setOwnerForm] = useState(false);
  const sso = options.data?.sso ?? null;
  const passwordForm = options.data === undefined || options.data.passwordSignIn || ownerForm;
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
            {sso !== null && (
              <>
                {/* A plain link: the provider's page is a whole-page navigation, not a fetch. */}
                <Button component="a" href={ssoStartUrl(search.redirect)} variant={passwordForm ? 'default' : 'filled'} fullWidth>
                  Sign in with {sso.label}
                </Button>
                {passwordForm && <Divider label="or" labelPosition="center" />}
              </>
            )}
            {passwordForm ? (
              <>
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
              </>
            ) : (
              <Anchor component="button" type="button" size="sm" ta="center" onClick={() => setOwnerForm(true)}>
                Owner: sign in with a password
              </Anchor>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
