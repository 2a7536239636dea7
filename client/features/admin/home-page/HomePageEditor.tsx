// Home Page (admins only): the public home page's hero slides, services, client testimonials, the
// founder and the priorities. Photos are uploads; a person without one is shown by initials. The
// whole page is saved at once and the public page shows the change on its next read. Beside the form,
// a preview of the first slide being edited in the site's header, buttons and footer, and an e-mail.
import '@client/zod-config'; // before any schema of this chunk is created
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { HOME_LIMITS, homeContentInput, type HomeContent, SERVICE_ICONS } from '@server/home-page/home-page.schemas';
import { fieldErrorsOf, type RouterOutputs, trpc } from '@client/trpc';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { MediaUpload } from '@client/features/admin/kit/MediaUpload';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { missingText } from '@client/features/admin/kit/TranslatedTextFields';
import { SitePreview } from '@client/features/admin/settings/SitePreview';
import { LANGUAGES, TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';
import type { TranslatedLanguage } from '@server/shared/i18n/translations.schemas';
import { siteFormValuesOf } from '@client/features/admin/settings/SiteTab';

type Saved = RouterOutputs['homePage']['get'];

/** An item's texts in each other language, '' for not translated (the schema turns '' into none). */
type FormTranslations<Key extends string> = Record<TranslatedLanguage, Record<Key, string>>;

/** The form holds '' for an empty photo or link; the schema turns '' back into none. */
interface FormValues {
  heroSlides: (Omit<HomeContent['heroSlides'][number], 'translations'> & { translations: FormTranslations<'title' | 'text'> })[];
  services: (Omit<HomeContent['services'][number], 'translations'> & { translations: FormTranslations<'title' | 'text'> })[];
  testimonials: { name: string; role: string; photo: string; text: string; link: string; translations: FormTranslations<'role' | 'text'> }[];
  founder: {
    name: string;
    role: string;
    photo: string;
    bio: string[];
    stats: HomeContent['founder']['stats'];
    /** The bio's French paragraphs at the English ones' places. */
    translations: Record<TranslatedLanguage, { role: string; bio: string[] }>;
  };
  priorities: (Omit<HomeContent['priorities'][number], 'translations'> & { translations: FormTranslations<'title' | 'text'> })[];
}

type StoredTexts = Partial<Record<TranslatedLanguage, Partial<Record<string, string | null | (string | null)[]>>>> | undefined;

/** A stored item's translations of `keys` as the form holds them. */
function formTranslations<Key extends string>(keys: readonly Key[], stored: StoredTexts): FormTranslations<Key> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((code) => [code, Object.fromEntries(keys.map((key) => [key, typeof stored?.[code]?.[key] === 'string' ? stored[code][key] : '']))]),
  ) as FormTranslations<Key>;
}

const TITLE_AND_TEXT = ['title', 'text'] as const;

function formValues(saved: Saved): FormValues {
  const founder = saved.founder;
  return {
    heroSlides: saved.heroSlides.map((slide) => ({ ...slide, translations: formTranslations(TITLE_AND_TEXT, slide.translations) })),
    services: saved.services.map((service) => ({ ...service, translations: formTranslations(TITLE_AND_TEXT, service.translations) })),
    testimonials: saved.testimonials.map((t) => ({ ...t, photo: t.photo ?? '', link: t.link ?? '', translations: formTranslations(['role', 'text'], t.translations) })),
    founder: {
      ...founder,
      photo: founder.photo ?? '',
      bio: [...founder.bio],
      stats: founder.stats.map((s) => ({ ...s })),
      translations: Object.fromEntries(
        TRANSLATED_LANGUAGES.map((code) => [
          code,
          { role: founder.translations?.[code]?.role ?? '', bio: founder.bio.map((_, index) => founder.translations?.[code]?.bio[index] ?? '') },
        ]),
      ) as FormValues['founder']['translations'],
    },
    priorities: saved.priorities.map((priority) => ({ ...priority, translations: formTranslations(TITLE_AND_TEXT, priority.translations) })),
  };
}

function emptyTranslations<Key extends string>(keys: readonly Key[]): FormTranslations<Key> {
  return formTranslations(keys, undefined);
}

const ICON_LABELS: Record<(typeof SERVICE_ICONS)[number], string> = {
  compass: 'Compass',
  handshake: 'Handshake',
  plane: 'Plane',
  megaphone: 'Megaphone',
  globe: 'Globe',
  people: 'People',
};

type Form = UseFormReturnType<FormValues>;

/**
 * One text in another language, under its English one: uncontrolled like the rest of the form, it
 * watches its own value to say when it is missing (the French page then shows the English).
 */
function TranslatedInput({ form, path, code, label, multiline = false }: { form: Form; path: string; code: TranslatedLanguage; label: string; multiline?: boolean }) {
  const props = form.getInputProps(path);
  const [blank, setBlank] = useState(() => String(props.defaultValue ?? '').trim() === '');
  form.watch(path, ({ value }) => setBlank(String(value ?? '').trim() === ''));
  const common = { label: `${LANGUAGES[code].english} ${label}`, lang: code, description: blank ? missingText(code) : undefined, ...props };
  return multiline ? <Textarea key={form.key(path)} autosize minRows={2} {...common} /> : <TextInput key={form.key(path)} {...common} />;
}

/** The title and text of a list item in each other language. */
function TranslatedTitleAndText({ form, list, index }: { form: Form; list: 'heroSlides' | 'services' | 'priorities'; index: number }) {
  return (
    <>
      {TRANSLATED_LANGUAGES.map((code) => (
        <Stack key={code} gap="sm">
          <TranslatedInput form={form} path={`${list}.${index}.translations.${code}.title`} code={code} label="title" />
          <TranslatedInput form={form} path={`${list}.${index}.translations.${code}.text`} code={code} label="text" multiline />
        </Stack>
      ))}
    </>
  );
}

/** A section holding a list of items, with its Add button beside the title. */
function ListSection({
  addLabel,
  canAdd,
  onAdd,
  ...section
}: {
  title: string;
  description: string;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  error: ReactNode;
  children: ReactNode;
}) {
  return (
    <FormSection
      {...section}
      actions={
        <Button variant="light" onClick={onAdd} disabled={!canAdd}>
          {addLabel}
        </Button>
      }
    />
  );
}

function Item({ label, onRemove, canRemove, children }: { label: string; onRemove: () => void; canRemove: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="sm" role="group" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{label}</Text>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove} disabled={!canRemove}>
            ×
          </ActionIcon>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function TestimonialsEditor({ form }: { form: Form }) {
  const items = form.getValues().testimonials;
  return (
    <ListSection
      title="Testimonials"
      description="Client success stories: name, role, photo, text and an optional profile link. With none, the home page leaves the section out."
      addLabel="Add Testimonial"
      canAdd={items.length < HOME_LIMITS.testimonials}
      onAdd={() => form.insertListItem('testimonials', { name: '', role: '', photo: '', text: '', link: '', translations: emptyTranslations(['role', 'text']) })}
      error={form.errors.testimonials}
    >
      {items.map((_, index) => (
        <Item
          key={form.key(`testimonials.${index}`)}
          label={`Testimonial ${index + 1}`}
          canRemove
          onRemove={() => form.removeListItem('testimonials', index)}
        >
          <TextInput label="Name" withAsterisk key={form.key(`testimonials.${index}.name`)} {...form.getInputProps(`testimonials.${index}.name`)} />
          <TextInput label="Role" withAsterisk key={form.key(`testimonials.${index}.role`)} {...form.getInputProps(`testimonials.${index}.role`)} />
          <MediaUpload
            kind="avatar"
            label="Photo"
            description="Optional. Without a photo the page shows the initials."
            value={form.getValues().testimonials[index]?.photo ?? ''}
            onChange={(url) => form.setFieldValue(`testimonials.${index}.photo`, url)}
            error={form.errors[`testimonials.${index}.photo`]}
          />
          <Textarea label="Text" withAsterisk autosize minRows={3} key={form.key(`testimonials.${index}.text`)} {...form.getInputProps(`testimonials.${index}.text`)} />
          <TextInput label="Profile Link" placeholder="https://" key={form.key(`testimonials.${index}.link`)} {...form.getInputProps(`testimonials.${index}.link`)} />
          {TRANSLATED_LANGUAGES.map((code) => (
            <Stack key={code} gap="sm">
              <TranslatedInput form={form} path={`testimonials.${index}.translations.${code}.role`} code={code} label="role" />
              <TranslatedInput form={form} path={`testimonials.${index}.translations.${code}.text`} code={code} label="text" multiline />
            </Stack>
          ))}
        </Item>
      ))}
    </ListSection>
  );
}

function HomePageForm({ saved }: { saved: Saved }) {
  const utils = trpc.useUtils();
  // The first slide as it is typed, for the preview (the form itself is uncontrolled).
  const [firstSlide, setFirstSlide] = useState(() => ({ title: saved.heroSlides[0]?.title ?? '', text: saved.heroSlides[0]?.text ?? '' }));
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: formValues(saved),
    validate: schemaResolver(homeContentInput, { sync: true }),
    onValuesChange: (next) => setFirstSlide({ title: next.heroSlides[0]?.title ?? '', text: next.heroSlides[0]?.text ?? '' }),
  });
  const identity = trpc.settings.get.useQuery(undefined, { staleTime: 60_000 }).data?.identity;
  const save = trpc.homePage.update.useMutation({
    onSuccess: (next) => {
      form.setValues(formValues(next));
      form.resetDirty(formValues(next));
      utils.homePage.get.setData(undefined, next);
      notifySuccess('Home page saved');
    },
    onError: (error) => {
      form.setErrors(fieldErrorsOf(error));
      notifyError(failureText('Failed to save the home page', error));
    },
  });
  const values = form.getValues();

  return (
    <PageForm saving={save.isPending} error={save.error} onSubmit={form.onSubmit((submitted) => save.mutate(submitted as unknown as HomeContent))}>
      <ListSection
        title="Hero Slides"
        description="The rotating slides at the top of the page."
        addLabel="Add Slide"
        canAdd={values.heroSlides.length < HOME_LIMITS.heroSlides}
        onAdd={() => form.insertListItem('heroSlides', { title: '', text: '', image: '', translations: emptyTranslations(TITLE_AND_TEXT) })}
        error={form.errors.heroSlides}
      >
        {values.heroSlides.map((_, index) => (
          <Item key={form.key(`heroSlides.${index}`)} label={`Slide ${index + 1}`} canRemove={values.heroSlides.length > 1} onRemove={() => form.removeListItem('heroSlides', index)}>
            <TextInput label="Title" withAsterisk key={form.key(`heroSlides.${index}.title`)} {...form.getInputProps(`heroSlides.${index}.title`)} />
            <Textarea label="Text" withAsterisk autosize minRows={2} key={form.key(`heroSlides.${index}.text`)} {...form.getInputProps(`heroSlides.${index}.text`)} />
            <MediaUpload
              kind="image"
              label="Background Image"
              withAsterisk
              value={values.heroSlides[index]?.image ?? ''}
              onChange={(url) => form.setFieldValue(`heroSlides.${index}.image`, url)}
              error={form.errors[`heroSlides.${index}.image`]}
            />
            <TranslatedTitleAndText form={form} list="heroSlides" index={index} />
          </Item>
        ))}
      </ListSection>

      <ListSection
        title="Services"
        description="The services grid."
        addLabel="Add Service"
        canAdd={values.services.length < HOME_LIMITS.services}
        onAdd={() => form.insertListItem('services', { title: '', text: '', icon: 'compass', translations: emptyTranslations(TITLE_AND_TEXT) })}
        error={form.errors.services}
      >
        {values.services.map((_, index) => (
          <Item key={form.key(`services.${index}`)} label={`Service ${index + 1}`} canRemove={values.services.length > 1} onRemove={() => form.removeListItem('services', index)}>
            <TextInput label="Title" withAsterisk key={form.key(`services.${index}.title`)} {...form.getInputProps(`services.${index}.title`)} />
            <Textarea label="Text" withAsterisk autosize minRows={2} key={form.key(`services.${index}.text`)} {...form.getInputProps(`services.${index}.text`)} />
            <Select
              label="Icon"
              allowDeselect={false}
              data={SERVICE_ICONS.map((icon) => ({ value: icon, label: ICON_LABELS[icon] }))}
              key={form.key(`services.${index}.icon`)}
              {...form.getInputProps(`services.${index}.icon`)}
            />
            <TranslatedTitleAndText form={form} list="services" index={index} />
          </Item>
        ))}
      </ListSection>

      <TestimonialsEditor form={form} />

      <FormSection title="Founder" error={form.errors.founder}>
        <TextInput label="Founder Name" withAsterisk key={form.key('founder.name')} {...form.getInputProps('founder.name')} />
        <TextInput label="Founder Role" withAsterisk key={form.key('founder.role')} {...form.getInputProps('founder.role')} />
        {TRANSLATED_LANGUAGES.map((code) => (
          <TranslatedInput key={code} form={form} path={`founder.translations.${code}.role`} code={code} label="founder role" />
        ))}
        <MediaUpload
          kind="avatar"
          label="Founder Photo"
          description="Optional. Without a photo the page shows the initials."
          value={values.founder.photo}
          onChange={(url) => form.setFieldValue('founder.photo', url)}
          error={form.errors['founder.photo']}
        />
        {values.founder.bio.map((_, index) => (
          <Group key={form.key(`founder.bio.${index}`)} align="flex-start" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              label={`Bio Paragraph ${index + 1}`}
              autosize
              minRows={3}
              key={form.key(`founder.bio.${index}`)}
              {...form.getInputProps(`founder.bio.${index}`)}
            />
            <Stack gap="sm" style={{ flex: 1 }}>
              {TRANSLATED_LANGUAGES.map((code) => (
                <TranslatedInput key={code} form={form} path={`founder.translations.${code}.bio.${index}`} code={code} label={`bio paragraph ${index + 1}`} multiline />
              ))}
            </Stack>
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={`Remove Bio Paragraph ${index + 1}`}
              disabled={values.founder.bio.length <= 1}
              onClick={() => {
                form.removeListItem('founder.bio', index);
                for (const code of TRANSLATED_LANGUAGES) form.removeListItem(`founder.translations.${code}.bio`, index);
              }}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            disabled={values.founder.bio.length >= HOME_LIMITS.bioParagraphs}
            onClick={() => {
              form.insertListItem('founder.bio', '');
              for (const code of TRANSLATED_LANGUAGES) form.insertListItem(`founder.translations.${code}.bio`, '');
            }}
          >
            Add Paragraph
          </Button>
        </Group>
      </FormSection>

      <ListSection
        title="Priorities"
        description="What We Prioritize for Your Success."
        addLabel="Add Priority"
        canAdd={values.priorities.length < HOME_LIMITS.priorities}
        onAdd={() => form.insertListItem('priorities', { title: '', text: '', translations: emptyTranslations(TITLE_AND_TEXT) })}
        error={form.errors.priorities}
      >
        {values.priorities.map((_, index) => (
          <Item key={form.key(`priorities.${index}`)} label={`Priority ${index + 1}`} canRemove={values.priorities.length > 1} onRemove={() => form.removeListItem('priorities', index)}>
            <TextInput label="Title" withAsterisk key={form.key(`priorities.${index}.title`)} {...form.getInputProps(`priorities.${index}.title`)} />
            <Textarea label="Text" withAsterisk autosize minRows={2} key={form.key(`priorities.${index}.text`)} {...form.getInputProps(`priorities.${index}.text`)} />
            <TranslatedTitleAndText form={form} list="priorities" index={index} />
          </Item>
        ))}
      </ListSection>
      {identity !== undefined && (
        <FormSection title="How it looks">
          <SitePreview values={siteFormValuesOf(identity)} hero={firstSlide} />
        </FormSection>
      )}
    </PageForm>
  );
}

export function HomePageEditor() {
  const content = trpc.homePage.get.useQuery();
  const me = trpc.auth.me.useQuery();
  return (
    <AdminPage title="Home Page" subtitle="The texts and photos of the public home page.">
      {me.data !== undefined && me.data?.role !== 'admin' ? (
        <Text c="dimmed">Only administrators can edit the home page.</Text>
      ) : content.data === undefined ? (
        <Text c={content.error ? 'red' : 'dimmed'}>{content.error ? 'Failed to load the home page content.' : 'Loading…'}</Text>
      ) : (
        <HomePageForm saved={content.data} />
      )}
    </AdminPage>
  );
}
