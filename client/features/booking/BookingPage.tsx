// Public booking page (SPEC section 2, "Booking page"; PRODUCT.md sections 2.6 and 4).
import './bookingStyles';
import { Alert, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { CalendarFeedLink } from '../home/CalendarFeedLink';
import { BookingForm, type BookingResult } from './BookingForm';
import { BookingSkeleton } from './BookingSkeleton';
import { BookingSuccess } from './BookingSuccess';

export function BookingPage() {
  const { eventId } = useParams({ strict: false });
  const [result, setResult] = useState<BookingResult | null>(null);
  const [formKey, setFormKey] = useState(0);
  const settings = trpc.settings.public.useQuery();

  if (result !== null) {
    return (
      <Container size="sm" py="xl">
        <BookingSuccess
          result={result}
          onBookAnother={() => {
            setResult(null);
            setFormKey((key) => key + 1);
          }}
        />
      </Container>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="lg">
          <Title order={1} size="h2">
            Book Your Session
          </Title>
          {settings.isPending ? (
            <BookingSkeleton />
          ) : settings.data?.maintenanceMode === true ? (
            <Alert color="yellow" title="Maintenance" role="status">
              The site is under maintenance. Please try again later.
            </Alert>
          ) : settings.data?.allowRegistrations === false ? (
            <Alert color="blue" title="Bookings closed" role="status">
              Bookings are currently closed.
            </Alert>
          ) : (
            <BookingForm
              key={formKey}
              initialEventId={eventId}
              timeZone={settings.data?.timezone ?? 'UTC'}
              onBooked={setResult}
            />
          )}
        </Stack>
      </Paper>
      {settings.data !== undefined && !settings.data.maintenanceMode && settings.data.allowRegistrations && (
        <Stack gap={4} mt="md" align="center">
          <Text size="sm" c="dimmed" ta="center">
            Requests are confirmed within 24 hours by e-mail.
          </Text>
          <Text size="sm" ta="center">
            <CalendarFeedLink />
          </Text>
        </Stack>
      )}
    </Container>
  );
}
