// Site (admins only): the firm's identity as visitors see it. Name (the Site Name setting), tagline,
// the short description search engines and link previews show, contact details, the map, social
// links and the footer text. Every public page, e-mail and calendar file reads them after a save.
// The texts a visitor reads (tagline, description, footer text, opening hours, reply promise) have
// English and French tabs; a French one left blank shows the English one on the French pages.
import { ColorInput, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IDENTITY_LIMITS, SOCIAL_NETWORKS, siteIdentityInput, type SiteIdentityInput } from '@server/settings/site-identity.schemas';
import { type RouterOutputs, trpc } from '@client/trpc';
import { useState } from 'react';
import { MediaUpload } from '@client/features/admin/kit/MediaUpload';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { type TranslatedField, TranslatedTextFields, translationsForForm } from '@client/features/admin/kit/TranslatedTextFields';
import { notifySaved, notifySaveFailed } from './save-feedback';
import { showBrandColours } from './brand-style';
import { SitePreview } from './SitePreview';
import { MapPointField } from './MapPointField';

type Identity = RouterOutputs['settings']['get']['identity'];

type TranslatedKey = 'tagline' | 'siteDescription' | 'footerText' | 'openingHours' | 'replyPromise';
const TRANSLATED_KEYS: readonly TranslatedKey[] = ['tagline', 'siteDescription', 'footerText', 'openingHours', 'replyPromise'];
const IDENTITY_TEXTS: readonly TranslatedField<TranslatedKey>[] = [
  { key: 'tagline', label: 'tagline' },
  { key: 'siteDescription', label: 'short description', multiline: true },
  { key: 'footerText', label: 'footer text', multiline: true },
];
const CONTACT_TEXTS: readonly TranslatedField<TranslatedKey>[] = [
  { key: 'openingHours', label: 'opening hours' },
  { key: 'replyPromise', label: 'reply promise' },
];

/** The identity as the form holds it (also what the Home Page editor's preview shows). */
export function siteFormValuesOf(identity: Identity) {
  return {
    siteName: identity.siteName,
    tagline: identity.tagline ?? '',
    siteDescription: identity.siteDescription ?? '',
    contactEmail: identity.contactEmail ?? '',
    contactPhone: identity.contactPhone ?? '',
    /** One address line per line of the text box. */
    addressLines: identity.addressLines.join('\n'),
    openingHours: identity.openingHours ?? '',
    replyPromise: identity.replyPromise ?? '',
    mapMode: identity.mapMode as string,
    mapLatitude: (identity.mapLatitude ?? '') as number | string,
    mapLongitude: (identity.mapLongitude ?? '') as number | string,
    social: {
      linkedin: identity.social.linkedin ?? '',
      x: identity.social.x ?? '',
      facebook: identity.social.facebook ?? '',
      instagram: identity.social.instagram ?? '',
      youtube: identity.social.youtube ?? '',
    },
    footerText: identity.footerText ?? '',
    primaryColor: identity.primaryColor,
    accentColor: identity.accentColor,
    logoUrl: identity.logoUrl ?? '',
    /** The visitor's texts in French ('' for not translated). */
    translations: translationsForForm(TRANSLATED_KEYS, identity.translations),
  };
}
export type SiteFormValues = ReturnType<typeof siteFormValuesOf>;

function coordinate(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

/** The form's values as the API takes them (the schema trims and turns blanks into none). */
export function identityInputOf(values: SiteFormValues): SiteIdentityInput {
  return {
    ...values,
    mapMode: values.mapMode as SiteIdentityInput['mapMode'],
    addressLines: values.addressLines.split(/\r?\n/),
    mapLatitude: coordinate(values.mapLatitude),
    mapLongitude: coordinate(values.mapLongitude),
  };
}

const resolve = schemaResolver(siteIdentityInput, { sync: true });

export function SiteTab({ identity }: { identity: Identity }) {
  const utils = trpc.useUtils();
  // Save waits while the logo is still being sent.
  const [uploading, setUploading] = useState(false);
  const form = useForm({
    initialValues: siteFormValuesOf(identity),
    validate: (values) => resolve(identityInputOf(values)),
  });
  const save = trpc.settings.updateIdentity.useMutation({
    onSuccess: async (saved) => {
      form.setValues(siteFormValuesOf(saved));
      form.resetDirty(siteFormValuesOf(saved));
      notifySaved('site');
      utils.settings.get.setData(undefined, (old) =>
        old === undefined ? old : { ...old, identity: saved, system: { ...old.system, siteName: saved.siteName, siteDescription: saved.siteDescription } },
      );
      // The open back office takes the new colours at once; other pages get them from the server.
      showBrandColours(saved.primaryColor, saved.accentColor);
      await utils.settings.public.invalidate();
    },
    onError: (error) => notifySaveFailed('site', error, form.setErrors),
  });
  const mapMode = form.values.mapMode;
  // Each French text under the other, as the English ones are.
  const translatedProps = {
    columns: 1 as const,
    values: form.values.translations,
    onChange: (code: string, key: TranslatedKey, value: string) => form.setFieldValue(`translations.${code}.${key}`, value),
    errorOf: (code: string, key: TranslatedKey) => {
      const error = form.errors[`translations.${code}.${key}`];
      return typeof error === 'string' ? error : undefined;
    },
  };

  return (
    <PageForm
      saving={save.isPending || uploading}
      error={save.error}
      onSubmit={form.onSubmit((values) => {
        if (!uploading) save.mutate(identityInputOf(values));
      })}
    >
      <FormSection title="Site Identity" description="How the firm is named and described on every page, in search results and in link previews.">
        <TextInput label="Site Name" description="The firm's name, as every page and e-mail shows it." withAsterisk {...form.getInputProps('siteName')} />
        <TranslatedTextFields
          label="Site texts"
          english={
            <>
              <TextInput label="Tagline" description="One line under the name." maxLength={IDENTITY_LIMITS.tagline} {...form.getInputProps('tagline')} />
              <Textarea
                label="Short description"
                description={`For search engines and link previews; about 160 characters reads best (at most ${IDENTITY_LIMITS.description}).`}
                autosize
                minRows={2}
                maxRows={5}
                {...form.getInputProps('siteDescription')}
              />
              <Textarea label="Footer text" description="A line or two at the foot of every page." autosize minRows={2} maxRows={5} {...form.getInputProps('footerText')} />
            </>
          }
          fields={IDENTITY_TEXTS}
          {...translatedProps}
        />
        <MediaUpload
          kind="logo"
          label="Logo"
          value={form.values.logoUrl}
          onChange={(url) => form.setFieldValue('logoUrl', url)}
          error={form.errors.logoUrl}
          onUploadingChange={setUploading}
        />
      </FormSection>

      <FormSection title="Contact Details" description="Shown on the home page and in the footer, and signed under every e-mail. Leave them empty to show no contact block.">
        {/* Side by side from 576 px; one above the other on a phone, where two would cut both. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Email Address" type="email" {...form.getInputProps('contactEmail')} />
          <TextInput label="Phone Number" type="tel" {...form.getInputProps('contactPhone')} />
        </SimpleGrid>
        <Textarea
          label="Address"
          description={`One line per line of the address (at most ${IDENTITY_LIMITS.addressLines}).`}
          autosize
          minRows={3}
          maxRows={6}
          {...form.getInputProps('addressLines')}
        />
        <TranslatedTextFields
          label="Contact texts"
          english={
            <>
              <TextInput label="Opening hours" placeholder="Monday to Friday, 9:00 to 17:00" {...form.getInputProps('openingHours')} />
              <TextInput label="Reply promise" placeholder="We reply to every message within 24 hours." {...form.getInputProps('replyPromise')} />
            </>
          }
          fields={CONTACT_TEXTS}
          {...translatedProps}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="map-mode-label">
            Map
          </Text>
          <SegmentedControl
            aria-labelledby="map-mode-label"
            data={[
              { value: 'none', label: 'None' },
              { value: 'embed', label: 'OpenStreetMap view' },
              { value: 'link', label: 'Link only' },
            ]}
            {...form.getInputProps('mapMode')}
          />
        </Stack>
        {mapMode !== 'none' && <MapPointField form={form} />}
      </FormSection>

      <FormSection
        title="Brand Colours"
        description="The primary colour carries white text (header, footer, buttons) and colours links and headings; the accent is behind the call-to-action buttons' labels. A pair under which text would be hard to read is refused (WCAG AA: 4.5:1 for text)."
      >
        <Group grow align="flex-start" wrap="wrap">
          <ColorInput label="Primary colour" format="hex" withEyeDropper={false} withAsterisk {...form.getInputProps('primaryColor')} />
          <ColorInput label="Accent colour" format="hex" withEyeDropper={false} withAsterisk {...form.getInputProps('accentColor')} />
        </Group>
      </FormSection>

      <FormSection title="Social Links" description="Each an https:// link on that network; the footer shows the ones given.">
        {SOCIAL_NETWORKS.map((network) => (
          <TextInput key={network.key} label={network.label} type="url" placeholder={`https://${network.hosts[0]}/...`} {...form.getInputProps(`social.${network.key}`)} />
        ))}
      </FormSection>

      <FormSection title="Preview">
        <SitePreview values={form.values} />
      </FormSection>
    </PageForm>
  );
}
