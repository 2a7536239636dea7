// Shortcuts from the dashboard. Creating an event is an admin's job, so users do not see it.
import { Button, Paper, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function QuickActions({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} mb="sm">
        Quick Actions
      </Title>
      <Stack gap="sm">
        {isAdmin && (
          // The events screen opens its create form when it arrives with ?create=true.
          <Button
            renderRoot={(props) => <Link to="/admin/events" search={{ create: true }} {...props} />}
            fullWidth
            justify="flex-start"
          >
            Create New Event
          </Button>
        )}
        <Button
          renderRoot={(props) => <Link to="/admin/bookings" {...props} />}
          variant="light"
          fullWidth
          justify="flex-start"
        >
          View All Bookings
        </Button>
      </Stack>
    </Paper>
  );
}
