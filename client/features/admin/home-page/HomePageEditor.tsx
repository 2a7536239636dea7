// Home Page (admins only): the public home page's hero slides, services, client testimonials, the
// founder and the priorities. Photos are uploads; a person without one is shown by initials. The
// whole page is saved at once and the public page shows the change on its next read.
// A long page, laid out to be worked through: its sections in a navigation beside it (a select on a
// phone), each item's English and French texts in tabs, a Save bar that stays in view and says when
// something is unsaved, and a preview of the first slide in the site's header, buttons and footer
// beside the form on a wide screen (below it on a narrower one).
import '@client/zod-config'; // before any schema of this chunk is created
import { Anchor, Box, Grid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { homeContentInput, type HomeContent } from '@server/home-page/home-page.schemas';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { SectionNavList, SectionNavSelect } from '@client/features/admin/kit/SectionNav';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { SitePreview } from '@client/features/admin/settings/SitePreview';
import { siteFormValuesOf } from '@client/features/admin/settings/SiteTab';
import { HOME_SECTIONS, type HomePageFormValues, homePageFormValues, type SavedHomeContent, sectionId } from './home-page-form';
import { FounderSection, HeroSlidesSection, PrioritiesSection, ServicesSection, TestimonialsSection } from './HomePageSections';

function HomePageForm({ saved }: { saved: SavedHomeContent }) {
  const utils = trpc.useUtils();
  const [savedValues, setSavedValues] = useState(() => homePageFormValues(saved));
  // The values as typed: the form is uncontrolled, this copy drives the preview, the language tabs'
  // "missing" marks and the Save bar's "Unsaved changes".
  const [current, setCurrent] = useState(savedValues);
  const form = useForm<HomePageFormValues>({
    mode: 'uncontrolled',
    initialValues: savedValues,
    validate: schemaResolver(homeContentInput, { sync: true }),
    onValuesChange: (next) => setCurrent(next),
  });
  const settings = trpc.settings.get.useQuery(undefined, { staleTime: 60_000 });
  const identity = settings.data?.identity;
  const showValues = (values: HomePageFormValues) => {
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setCurrent(values);
  };
  const save = trpc.homePage.update.useMutation({
    onSuccess: (next) => {
      const values = homePageFormValues(next);
      setSavedValues(values);
      showValues(values);
      utils.homePage.get.setData(undefined, next);
      notifySuccess('Home page saved');
    },
    onError: (error) => {
      form.setErrors(fieldErrorsOf(error));
      notifyError(failureText('Failed to save the home page', error));
    },
  });
  const dirty = JSON.stringify(current) !== JSON.stringify(savedValues);
  const firstSlide = { title: current.heroSlides[0]?.title ?? '', text: current.heroSlides[0]?.text ?? '' };
  const sections = { form, values: current };

  return (
    <PageForm
      saving={save.isPending}
      error={save.error}
      dirty={dirty}
      onDiscard={() => showValues(savedValues)}
      onSubmit={form.onSubmit((submitted) => save.mutate(submitted as unknown as HomeContent))}
    >
      <Grid gap="lg">
        <Grid.Col span={{ md: 3, lg: 2 }} visibleFrom="md">
          <SectionNavList sections={HOME_SECTIONS} label="Home page sections" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9, lg: 6 }}>
          <Stack gap="lg">
            <SectionNavSelect sections={HOME_SECTIONS} />
            <HeroSlidesSection {...sections} />
            <ServicesSection {...sections} />
            <TestimonialsSection {...sections} />
            <FounderSection {...sections} />
            <PrioritiesSection {...sections} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {/* Beside the form from a wide screen on, it stays in view while the form scrolls. */}
          <Box style={{ position: 'sticky', top: 72 }}>
            <FormSection id={sectionId('How it looks')} title="How it looks">
              {identity !== undefined ? (
                <SitePreview values={siteFormValuesOf(identity)} hero={firstSlide} />
              ) : settings.isError ? (
                // The preview needs the site's identity; the form works without it.
                <Text c="red" size="sm">
                  {failureText('The preview could not be loaded', settings.error)}{' '}
                  <Anchor component="button" type="button" size="sm" onClick={() => void settings.refetch()}>
                    Try again
                  </Anchor>
                </Text>
              ) : (
                <Text c="dimmed">Loading…</Text>
              )}
            </FormSection>
          </Box>
        </Grid.Col>
      </Grid>
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
