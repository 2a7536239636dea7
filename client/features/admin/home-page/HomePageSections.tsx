// The Home Page editor's sections: hero slides, services, testimonials, the founder and the
// priorities. Each item's texts sit in language tabs (English, then French); photos, icons, names and
// links are the same in every language and stay outside them.
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { HOME_LIMITS, SERVICE_ICONS } from '@server/home-page/home-page.schemas';
import { LANGUAGES, TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';
import type { TranslatedLanguage } from '@server/shared/i18n/translations.schemas';
import { LanguageTabs } from '@client/features/admin/kit/LanguageTabs';
import { MediaUpload } from '@client/features/admin/kit/MediaUpload';
import { FormSection } from '@client/features/admin/kit/PageForm';
import { missingText } from '@client/features/admin/kit/TranslatedTextFields';
import { anyBlank, emptyTranslations, hasErrorUnder, type HomePageForm, type HomePageFormValues, sectionId, TITLE_AND_TEXT } from './home-page-form';

const ICON_LABELS: Record<(typeof SERVICE_ICONS)[number], string> = {
  compass: 'Compass',
  handshake: 'Handshake',
  plane: 'Plane',
  megaphone: 'Megaphone',
  globe: 'Globe',
  people: 'People',
};

interface SectionProps {
  form: HomePageForm;
  /** The values as typed (the form is uncontrolled; its owner re-renders on every change). */
  values: HomePageFormValues;
}

/**
 * One text in another language: uncontrolled like the rest of the form, it watches its own value to
 * say when it is missing (the French page then shows the English).
 */
function TranslatedInput({ form, path, code, label, multiline = false }: { form: HomePageForm; path: string; code: TranslatedLanguage; label: string; multiline?: boolean }) {
  const props = form.getInputProps(path);
  const [blank, setBlank] = useState(() => String(props.defaultValue ?? '').trim() === '');
  form.watch(path, ({ value }) => setBlank(String(value ?? '').trim() === ''));
  const common = { label: `${LANGUAGES[code].english} ${label}`, lang: code, description: blank ? missingText(code) : undefined, ...props };
  return multiline ? <Textarea key={form.key(path)} autosize minRows={2} {...common} /> : <TextInput key={form.key(path)} {...common} />;
}

/** The English title and text of a list item, and the same in each other language, as tabs. */
function TitleAndTextTabs({ form, values, list, index, label }: SectionProps & { list: 'heroSlides' | 'services' | 'priorities'; index: number; label: string }) {
  const item = `${list}.${index}`;
  return (
    <LanguageTabs
      label={label}
      missing={(code) => anyBlank(values[list][index]?.translations[code])}
      invalid={(code) => hasErrorUnder(form.errors, code === 'en' ? [`${item}.title`, `${item}.text`] : [`${item}.translations.${code}`])}
      english={
        <>
          <TextInput label="Title" withAsterisk key={form.key(`${item}.title`)} {...form.getInputProps(`${item}.title`)} />
          <Textarea label="Text" withAsterisk autosize minRows={2} key={form.key(`${item}.text`)} {...form.getInputProps(`${item}.text`)} />
        </>
      }
      translated={(code) => (
        <>
          <TranslatedInput form={form} path={`${item}.translations.${code}.title`} code={code} label="title" />
          <TranslatedInput form={form} path={`${item}.translations.${code}.text`} code={code} label="text" multiline />
        </>
      )}
    />
  );
}

/** A section holding a list of items, with its Add button beside the title. */
function ListSection({
  addLabel,
  canAdd,
  onAdd,
  ...section
}: {
  id: string;
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

export function HeroSlidesSection({ form, values }: SectionProps) {
  return (
    <ListSection
      id={sectionId('Hero Slides')}
      title="Hero Slides"
      description="The rotating slides at the top of the page."
      addLabel="Add Slide"
      canAdd={values.heroSlides.length < HOME_LIMITS.heroSlides}
      onAdd={() => form.insertListItem('heroSlides', { title: '', text: '', image: '', translations: emptyTranslations(TITLE_AND_TEXT) })}
      error={form.errors.heroSlides}
    >
      {values.heroSlides.map((slide, index) => (
        <Item key={form.key(`heroSlides.${index}`)} label={`Slide ${index + 1}`} canRemove={values.heroSlides.length > 1} onRemove={() => form.removeListItem('heroSlides', index)}>
          <TitleAndTextTabs form={form} values={values} list="heroSlides" index={index} label={`Slide ${index + 1}`} />
          <MediaUpload
            kind="image"
            label="Background Image"
            withAsterisk
            value={slide.image}
            onChange={(url) => form.setFieldValue(`heroSlides.${index}.image`, url)}
            error={form.errors[`heroSlides.${index}.image`]}
          />
        </Item>
      ))}
    </ListSection>
  );
}

export function ServicesSection({ form, values }: SectionProps) {
  return (
    <ListSection
      id={sectionId('Services')}
      title="Services"
      description="The services grid."
      addLabel="Add Service"
      canAdd={values.services.length < HOME_LIMITS.services}
      onAdd={() => form.insertListItem('services', { title: '', text: '', icon: 'compass', translations: emptyTranslations(TITLE_AND_TEXT) })}
      error={form.errors.services}
    >
      {values.services.map((_, index) => (
        <Item key={form.key(`services.${index}`)} label={`Service ${index + 1}`} canRemove={values.services.length > 1} onRemove={() => form.removeListItem('services', index)}>
          <TitleAndTextTabs form={form} values={values} list="services" index={index} label={`Service ${index + 1}`} />
          <Select
            label="Icon"
            allowDeselect={false}
            data={SERVICE_ICONS.map((icon) => ({ value: icon, label: ICON_LABELS[icon] }))}
            key={form.key(`services.${index}.icon`)}
            {...form.getInputProps(`services.${index}.icon`)}
          />
        </Item>
      ))}
    </ListSection>
  );
}

export function TestimonialsSection({ form, values }: SectionProps) {
  return (
    <ListSection
      id={sectionId('Testimonials')}
      title="Testimonials"
      description="Client success stories: name, role, photo, text and an optional profile link. With none, the home page leaves the section out."
      addLabel="Add Testimonial"
      canAdd={values.testimonials.length < HOME_LIMITS.testimonials}
      onAdd={() => form.insertListItem('testimonials', { name: '', role: '', photo: '', text: '', link: '', translations: emptyTranslations(['role', 'text']) })}
      error={form.errors.testimonials}
    >
      {values.testimonials.map((testimonial, index) => {
        const item = `testimonials.${index}`;
        return (
          <Item key={form.key(item)} label={`Testimonial ${index + 1}`} canRemove onRemove={() => form.removeListItem('testimonials', index)}>
            <TextInput label="Name" withAsterisk key={form.key(`${item}.name`)} {...form.getInputProps(`${item}.name`)} />
            <LanguageTabs
              label={`Testimonial ${index + 1}`}
              missing={(code) => anyBlank(testimonial.translations[code])}
              invalid={(code) => hasErrorUnder(form.errors, code === 'en' ? [`${item}.role`, `${item}.text`] : [`${item}.translations.${code}`])}
              english={
                <>
                  <TextInput label="Role" withAsterisk key={form.key(`${item}.role`)} {...form.getInputProps(`${item}.role`)} />
                  <Textarea label="Text" withAsterisk autosize minRows={3} key={form.key(`${item}.text`)} {...form.getInputProps(`${item}.text`)} />
                </>
              }
              translated={(code) => (
                <>
                  <TranslatedInput form={form} path={`${item}.translations.${code}.role`} code={code} label="role" />
                  <TranslatedInput form={form} path={`${item}.translations.${code}.text`} code={code} label="text" multiline />
                </>
              )}
            />
            <MediaUpload
              kind="avatar"
              label="Photo"
              description="Optional. Without a photo the page shows the initials."
              value={testimonial.photo}
              onChange={(url) => form.setFieldValue(`${item}.photo`, url)}
              error={form.errors[`${item}.photo`]}
            />
            <TextInput label="Profile Link" placeholder="https://" key={form.key(`${item}.link`)} {...form.getInputProps(`${item}.link`)} />
          </Item>
        );
      })}
    </ListSection>
  );
}

export function FounderSection({ form, values }: SectionProps) {
  const bio = values.founder.bio;
  const removeParagraph = (index: number) => {
    form.removeListItem('founder.bio', index);
    for (const code of TRANSLATED_LANGUAGES) form.removeListItem(`founder.translations.${code}.bio`, index);
  };
  return (
    <FormSection id={sectionId('Founder')} title="Founder" error={form.errors.founder}>
      <TextInput label="Founder Name" withAsterisk key={form.key('founder.name')} {...form.getInputProps('founder.name')} />
      <MediaUpload
        kind="avatar"
        label="Founder Photo"
        description="Optional. Without a photo the page shows the initials."
        value={values.founder.photo}
        onChange={(url) => form.setFieldValue('founder.photo', url)}
        error={form.errors['founder.photo']}
      />
      <LanguageTabs
        label="Founder"
        missing={(code) => anyBlank(values.founder.translations[code])}
        invalid={(code) => hasErrorUnder(form.errors, code === 'en' ? ['founder.role', 'founder.bio'] : [`founder.translations.${code}`])}
        english={
          <>
            <TextInput label="Founder Role" withAsterisk key={form.key('founder.role')} {...form.getInputProps('founder.role')} />
            {bio.map((_, index) => (
              <Group key={form.key(`founder.bio.${index}`)} align="flex-start" wrap="nowrap">
                <Textarea style={{ flex: 1 }} label={`Bio Paragraph ${index + 1}`} autosize minRows={3} key={form.key(`founder.bio.${index}`)} {...form.getInputProps(`founder.bio.${index}`)} />
                <ActionIcon mt={28} variant="subtle" color="red" aria-label={`Remove Bio Paragraph ${index + 1}`} disabled={bio.length <= 1} onClick={() => removeParagraph(index)}>
                  ×
                </ActionIcon>
              </Group>
            ))}
          </>
        }
        translated={(code) => (
          <>
            <TranslatedInput form={form} path={`founder.translations.${code}.role`} code={code} label="founder role" />
            {bio.map((_, index) => (
              <TranslatedInput
                key={form.key(`founder.translations.${code}.bio.${index}`)}
                form={form}
                path={`founder.translations.${code}.bio.${index}`}
                code={code}
                label={`bio paragraph ${index + 1}`}
                multiline
              />
            ))}
          </>
        )}
      />
      <Group>
        <Button
          variant="light"
          disabled={bio.length >= HOME_LIMITS.bioParagraphs}
          onClick={() => {
            form.insertListItem('founder.bio', '');
            for (const code of TRANSLATED_LANGUAGES) form.insertListItem(`founder.translations.${code}.bio`, '');
          }}
        >
          Add Paragraph
        </Button>
      </Group>
    </FormSection>
  );
}

export function PrioritiesSection({ form, values }: SectionProps) {
  return (
    <ListSection
      id={sectionId('Priorities')}
      title="Priorities"
      description="What We Prioritize for Your Success."
      addLabel="Add Priority"
      canAdd={values.priorities.length < HOME_LIMITS.priorities}
      onAdd={() => form.insertListItem('priorities', { title: '', text: '', translations: emptyTranslations(TITLE_AND_TEXT) })}
      error={form.errors.priorities}
    >
      {values.priorities.map((_, index) => (
        <Item key={form.key(`priorities.${index}`)} label={`Priority ${index + 1}`} canRemove={values.priorities.length > 1} onRemove={() => form.removeListItem('priorities', index)}>
          <TitleAndTextTabs form={form} values={values} list="priorities" index={index} label={`Priority ${index + 1}`} />
        </Item>
      ))}
    </ListSection>
  );
}
