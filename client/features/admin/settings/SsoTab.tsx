// Single Sign-On (admins only): the firm's identity provider (OpenID Connect: Microsoft Entra ID,
// Google Workspace, Okta, Keycloak, Authentik...). The client secret is write-only like the SMTP
// password: the form shows that one is saved and sends one only when typed. The redirect address
// to register at the provider is shown to copy.
import { Alert, Button, Code, CopyButton, Group, Loader, PasswordInput, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type SsoSettingsView, type UpdateSsoInput } from '@server/sso/sso.schemas';
import { messageOf, trpc } from '@client/trpc';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { notifySaved, notifySaveFailed } from './save-feedback';

interface SsoFormValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
  allowedDomains: string[];
  passwordSignIn: boolean;
}

function formValues(view: SsoSettingsView): SsoFormValues {
  return {
    issuer: view.issuer,
    clientId: view.clientId,
    clientSecret: '',
    buttonLabel: view.buttonLabel,
    allowedDomains: view.allowedDomains,
    passwordSignIn: view.passwordSignIn,
  };
}

/** An empty secret field keeps the saved secret. */
function toInput(values: SsoFormValues): UpdateSsoInput {
  const { clientSecret, ...rest } = values;
  return clientSecret === '' ? rest : { ...rest, clientSecret };
}

function SsoForm({ view }: { view: SsoSettingsView }) {
  const utils = trpc.useUtils();
  const form = useForm<SsoFormValues>({ initialValues: formValues(view) });
  const save = trpc.settings.updateSso.useMutation({
    onSuccess: (saved) => {
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      utils.settings.sso.setData(undefined, saved);
      void utils.auth.signInOptions.invalidate();
      notifySaved('sso');
    },
    onError: (error) => notifySaveFailed('sso', error, form.setErrors),
  });
  return (
    <PageForm saving={save.isPending} error={save.error} onSubmit={form.onSubmit((values) => save.mutate(toInput(values)))}>
      <FormSection
        title="Identity Provider"
        description="Staff sign in with their work account (OpenID Connect). Leave the issuer empty to turn single sign-on off."
      >
        <TextInput
          label="Issuer"
          placeholder="https://login.microsoftonline.com/<tenant>/v2.0"
          autoComplete="off"
          {...form.getInputProps('issuer')}
        />
        <TextInput label="Client ID" autoComplete="off" {...form.getInputProps('clientId')} />
        <PasswordInput
          label="Client Secret"
          autoComplete="new-password"
          placeholder={view.hasClientSecret ? 'Saved secret (leave blank to keep)' : undefined}
          {...form.getInputProps('clientSecret')}
        />
        <TextInput
          label="Button Label"
          description={`The sign-in page shows "Sign in with ${form.getValues().buttonLabel === '' ? '…' : form.getValues().buttonLabel}".`}
          placeholder="Microsoft"
          {...form.getInputProps('buttonLabel')}
        />
        <div>
          <Text size="sm" fw={500}>
            Redirect URI
          </Text>
          <Text size="xs" c="dimmed">
            Register this address at the provider.
          </Text>
          <Group gap="xs" mt={4}>
            <Code style={{ overflowWrap: 'anywhere' }}>{view.redirectUri}</Code>
            <CopyButton value={view.redirectUri}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </div>
      </FormSection>
      <FormSection title="Accounts" description="Who may sign in, and how.">
        <TagsInput
          label="Allowed Domains"
          description="Staff from these e-mail domains get an account (role User) at their first sign-in. Others need an account an admin made."
          placeholder="example.com"
          {...form.getInputProps('allowedDomains')}
        />
        <Switch
          label="Password sign-in for everyone"
          description="Off: only the owner (the first admin) may still sign in with a password; everyone else uses single sign-on."
          {...form.getInputProps('passwordSignIn', { type: 'checkbox' })}
        />
      </FormSection>
    </PageForm>
  );
}

export function SsoTab() {
  const sso = trpc.settings.sso.useQuery();
  if (sso.isPending) return <Loader size="sm" aria-label="Loading single sign-on settings" />;
  if (sso.isError) {
    return (
      <Alert color="red" role="alert">
        {messageOf(sso.error, 'Could not load the single sign-on settings.')}
      </Alert>
    );
  }
  return (
    <Stack>
      <SsoForm view={sso.data} />
    </Stack>
  );
}
