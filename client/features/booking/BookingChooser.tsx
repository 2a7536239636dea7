// The booking page's first question: a consultation with one of the firm's consultants, or a seat
// at an event. The event registration follows below on this page; a consultation has its own page.
import { Button, Group, Paper, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function BookingChooser() {
  return (
    <Paper withBorder p="md" radius="lg" mb="md" component="nav" aria-label="What would you like to book?">
      <Text fw={600} mb="xs">
        What would you like to book?
      </Text>
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Button component={Link} to="/consultation" variant="default" miw={200}>
          Book a consultation
        </Button>
        <Button component="a" href="#register" variant="filled" aria-current="page" miw={200}>
          Register for an event
        </Button>
      </Group>
    </Paper>
  );
}
