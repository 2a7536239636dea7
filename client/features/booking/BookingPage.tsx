// Public booking page. At /booking it first asks what the visitor wants to book (a consultation,
// which has its own page, or an event); then, and straight away at /booking/<id>: event, session and
// slot, then the participant (BookingForm). Instead of either, a notice while Maintenance Mode is on
// or registrations are closed.
import '@client/zod-config'; // before any schema of this chunk is created
import '@client/features/layout/page-styles';
import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useHydrated } from '@client/hydration';
import { useTranslator } from '@client/i18n';
import { trpc } from '@client/trpc';
import { CALENDAR_FEED_PATH } from '@server/shared/calendar-feed-path';
import { type BookedSummary, BookingForm, type BookingResult } from './BookingForm';
import { BookingChooser } from './BookingChooser';
import { BookingSkeleton } from './BookingSkeleton';

// The outcome screen is its own chunk, fetched when the booking is sent (its request takes longer),
// so the page that shows the form downloads only what choosing and sending need.
const loadSuccess = () => import('./BookingSuccess');
const BookingSuccess = lazy(() => loadSuccess().then((module) => ({ default: module.BookingSuccess })));

export function BookingPage() {
  const { t } = useTranslator();
  const { eventId } = useParams({ strict: false });
  const [result, setResult] = useState<{ booking: BookingResult; summary: BookedSummary } | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [registering, setRegistering] = useState(eventId !== undefined);
  const settings = trpc.settings.public.useQuery();
  // The server renders the skeleton in the form's place; the form appears once it can be sent.
  const hydrated = useHydrated();
  // Arriving within the app (a link from another screen, or Book Another Session), focus moves to
  // the page's heading, as a screen reader expects of a new page. A page that came with its HTML is
  // left alone: the browser starts at the top and the skip link, and a mouse user sees no focus box.
  const [arrivedInApp] = useState(hydrated);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (arrivedInApp || formKey > 0) heading.current?.focus();
  }, [arrivedInApp, formKey]);

  if (result !== null) {
    return (
      <Container size="sm" py="xl">
        <Suspense fallback={<BookingSkeleton />}>
          <BookingSuccess
            result={result.booking}
            summary={result.summary}
            timeZone={settings.data?.timezone ?? 'UTC'}
            onBookAnother={() => {
              setResult(null);
              setFormKey((key) => key + 1);
            }}
          />
        </Suspense>
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="lg">
          <Title order={1} ref={heading} tabIndex={-1}>
            {t('booking.title')}
          </Title>
          {settings.isPending ? (
            <BookingSkeleton />
          ) : settings.data?.maintenanceMode === true ? (
            <Alert color="yellow" title={t('booking.maintenance.title')} role="status">
              {t('notice.maintenance')}
            </Alert>
          ) : settings.data?.allowRegistrations === false ? (
            <Alert color="blue" title={t('booking.closed.title')} role="status">
              {t('notice.bookingsClosed')}
            </Alert>
          ) : !registering ? (
            <BookingChooser
              ready={hydrated}
              onRegister={() => {
                setRegistering(true);
                // The question is gone: focus goes to the page's heading, above the form.
                setFormKey((key) => key + 1);
              }}
            />
          ) : !hydrated ? (
            <BookingSkeleton />
          ) : (
            <BookingForm
              key={formKey}
              initialEventId={eventId}
              timeZone={settings.data?.timezone ?? 'UTC'}
              onSend={() => void loadSuccess()}
              onBooked={(booking, summary) => setResult({ booking, summary })}
            />
          )}
        </Stack>
      </Paper>
      {settings.data !== undefined && !settings.data.maintenanceMode && settings.data.allowRegistrations && (
        <Stack gap={4} mt="md" align="center">
          <Text size="sm" c="dimmed" ta="center">
            {t('booking.confirmedWithin')}
          </Text>
          {/* A Mantine link in the site's colours (the home page's plain link is styled by its own CSS). */}
          <Anchor href={CALENDAR_FEED_PATH} type="text/calendar" size="sm" ta="center">
            {t('booking.subscribe')}
          </Anchor>
        </Stack>
      )}
    </Container>
  );
}
