import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { BookingResult } from './BookingForm';

export function BookingSuccess({ result, onBookAnother }: { result: BookingResult; onBookAnother: () => void }) {
  const waitlisted = result.status === 'waitlisted';
  // The form is gone: focus moves to the outcome's heading, which is read out.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack align="center" ta="center" gap="md" py="xl" role="status">
      <ThemeIcon size={64} radius="xl" color={waitlisted ? 'gold' : 'teal'} aria-hidden>
        <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
          {waitlisted ? (
            <>
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 3" />
            </>
          ) : <path d="M5 12l5 5L20 7" />}
        </svg>
      </ThemeIcon>
      <Title order={1} size="h2" ref={heading} tabIndex={-1}>
        {waitlisted ? 'You’re on the Waitlist' : 'Booking Confirmed!'}
      </Title>
      {waitlisted ? (
        <Text maw={480}>
          This time slot is full, so your request has been added to the waitlist. If a seat opens up, your booking moves
          up automatically and we will confirm it by e-mail within 24 hours.
        </Text>
      ) : (
        <Text maw={480}>
          Your booking request has been received. We will confirm it within 24 hours with an e-mail confirmation.
        </Text>
      )}
      <Group justify="center">
        <Button component={Link} to="/" variant="default">
          Back to Home
        </Button>
        <Button onClick={onBookAnother}>Book Another Session</Button>
      </Group>
    </Stack>
  );
}
