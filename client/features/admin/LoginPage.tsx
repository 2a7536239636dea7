// Admin sign-in (SPEC section 2, "Admin login"). Already signed-in visitors never get here: the
// route's beforeLoad sends them to the dashboard.
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { signInInput } from '../../../server/schemas/auth';
import { safeAdminPath } from '../../router';
import { messageOf, trpc } from '../../trpc';

export function LoginPage() {
  const search = useSearch({ from: '/admin/login' });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInInput, { sync: true }),
  });
  const signIn = trpc.auth.signIn.useMutation({
    onSuccess: async (user) => {
      utils.auth.me.setData(undefined, { ...user });
      await navigate({ to: safeAdminPath(search.redirect) });
    },
    onError: (failure) => setError(messageOf(failure, 'Login failed. Please check your credentials.')),
  });

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
            <Title order={1} size="h2" ta="center">
              Admin Sign In
            </Title>
            {error !== null && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <TextInput label="Email" type="email" autoComplete="username" withAsterisk {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              withAsterisk
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
