// Partner sites (admins only), in Settings > Integrations: the other sites (a chamber of commerce,
// a trade agency) allowed to show this site's booking widget in their pages, and the snippet their
// web person pastes. No site is allowed until one is listed here: the browser refuses to show the
// widget anywhere else (the widget pages' frame-ancestors).
import { Alert, Button, Code, CopyButton, Group, Loader, Stack, TagsInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type EmbedSettingsView, ORIGIN_INVALID } from '@server/embed/embed.schemas';
import { normalisedOrigin } from '@server/shared/embed-widget';
import { messageOf, trpc } from '@client/trpc';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { notifySaved, notifySaveFailed } from './save-feedback';

interface EmbedFormValues {
  allowedOrigins: string[];
}

/** Checked before sending, naming the entry that is not a site (the server's answer names only the list). */
function validateOrigins(origins: string[]): string | null {
  const wrong = origins.filter((origin) => normalisedOrigin(origin) === null);
  return wrong.length === 0 ? null : `${wrong.join(', ')}: ${ORIGIN_INVALID}`;
}

function Snippet({ scriptUrl }: { scriptUrl: string }) {
  const snippets = [
    { label: 'One event', code: `<script src="${scriptUrl}" data-event="EVENT-ID" async></script>` },
    { label: 'Consultations', code: `<script src="${scriptUrl}" data-consultation async></script>` },
  ];
  return (
    <Stack gap="xs">
      {snippets.map((snippet) => (
        <div key={snippet.label}>
          <Text size="sm" fw={500}>
            {snippet.label}
          </Text>
          <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1 }}>
              {snippet.code}
            </Code>
            <CopyButton value={snippet.code}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="default" onClick={copy} aria-label={`Copy the ${snippet.label.toLowerCase()} snippet`}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </div>
      ))}
      <Text size="xs" c="dimmed">
        The event's id is the last part of its page's address. Add data-lang="fr" for French; without it the widget follows the partner page's language.
      </Text>
    </Stack>
  );
}

function EmbedForm({ view }: { view: EmbedSettingsView }) {
  const utils = trpc.useUtils();
  const form = useForm<EmbedFormValues>({ initialValues: { allowedOrigins: view.allowedOrigins }, validate: { allowedOrigins: validateOrigins } });
  const save = trpc.settings.updateEmbed.useMutation({
    onSuccess: (saved) => {
      form.setValues({ allowedOrigins: saved.allowedOrigins });
      form.resetDirty({ allowedOrigins: saved.allowedOrigins });
      utils.settings.embed.setData(undefined, saved);
      notifySaved('embed');
    },
    onError: (error) => notifySaveFailed('embed', error, form.setErrors),
  });
  return (
    <PageForm saving={save.isPending} error={save.error} onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <FormSection
        title="Partner Sites"
        description="Sites allowed to show the booking widget in their pages. No site can until it is listed here."
      >
        <TagsInput
          label="Allowed Sites"
          description="Each as https:// and the site's address, without a path (https://partner.example). Press Enter after each."
          placeholder="https://partner.example"
          {...form.getInputProps('allowedOrigins')}
        />
        <Snippet scriptUrl={view.scriptUrl} />
      </FormSection>
    </PageForm>
  );
}

export function EmbedSection() {
  const embed = trpc.settings.embed.useQuery();
  if (embed.isPending) return <Loader size="sm" aria-label="Loading partner sites" />;
  if (embed.isError) {
    return (
      <Alert color="red" role="alert">
        {messageOf(embed.error, 'Could not load the partner sites.')}
      </Alert>
    );
  }
  return <EmbedForm view={embed.data} />;
}
