// First run: the one-time link printed by the server creates the first admin.
import '@client/zod-config'; // before any schema of this chunk is created
import '@mantine/core/styles.css';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { setupAdminInput } from '@server/identity/auth.schemas';
import { fieldErrorsOf, messageOf, trpc } from '@client/trpc';

export function SetupPage() {
  const { token } = useSearch({ from: '/admin/setup' });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const status = trpc.auth.setupStatus.useQuery();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { token: token ?? '', name: '', email: '', password: '' },
    validate: schemaResolver(setupAdminInput, { sync: true }),
  });
  const setup = trpc.auth.setupAdmin.useMutation({
    onSuccess: async (user) => {
      utils.auth.me.setData(undefined, user);
      await navigate({ to: '/admin/dashboard' });
    },
    onError: (failure) => {
      form.setErrors(fieldErrorsOf(failure));
      setError(messageOf(failure, 'The account could not be created.'));
    },
  });

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={460}>
        {status.data?.needsSetup === false ? (
          <Stack>
            <Title order={1}>
              Setup complete
            </Title>
            <Text>An administrator account already exists.</Text>
            <Button component={Link} to="/admin/login">
              Go to sign in
            </Button>
          </Stack>
        ) : (
          <form noValidate onSubmit={form.onSubmit((values) => setup.mutate(values))}>
            <Stack>
              <Title order={1}>
                Create the first admin
              </Title>
              <Text size="sm" c="dimmed">
                This page works once, with the link the server printed when it started.
              </Text>
              {error !== null && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              {token === undefined && (
                <TextInput label="Setup token" withAsterisk {...form.getInputProps('token')} />
              )}
              <TextInput label="Full Name" withAsterisk autoComplete="name" {...form.getInputProps('name')} />
              <TextInput label="Email Address" withAsterisk type="email" autoComplete="username" {...form.getInputProps('email')} />
              <PasswordInput
                label="Password"
                withAsterisk
                autoComplete="new-password"
                description="At least 8 characters."
                {...form.getInputProps('password')}
              />
              <Button type="submit" loading={setup.isPending}>
                Create Admin Account
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
