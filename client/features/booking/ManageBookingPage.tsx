// Manage my booking (/booking/manage/{token}): the page the link in a participant's e-mails opens.
// It shows the booking in the site's timezone and lets the participant cancel it until the session
// starts; the server frees the seat for the waitlist. The manage procedures are rate-limited like the
// public forms, so the booking is fetched once and the cancellation's answer replaces it in the cache
// instead of a refetch.
import '@client/zod-config'; // before any schema of this chunk is created
import './booking-styles';
import { Alert, Anchor, Badge, Button, Container, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useParams } from '@tanstack/react-router';
import type { BookingStatus } from '@db/schema';
import { CANNOT_CANCEL_STARTED, MANAGE_LINK_INVALID } from '@server/schemas/bookings';
import { formatSlotRange } from '@server/shared/time';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { OfferPanel } from './OfferPanel';

type ManagedBooking = RouterOutputs['bookings']['manage'];

/** The participant's words for a status (the back office says Pending, Waitlisted...). */
const STATUS_WORDS: Record<BookingStatus, { label: string; color: string }> = {
  pending: { label: 'Pending confirmation', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  waitlisted: { label: 'On the waitlist', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/** The server's words (server/services/booking-links.ts), for a booking loaded after its start. */

/** The route's page: the token is the last part of the path. */
export function ManageBookingPage() {
  const { token } = useParams({ strict: false });
  return <ManageBooking token={token ?? ''} />;
}

export function ManageBooking({ token }: { token: string }) {
  const booking = trpc.bookings.manage.useQuery(
    { token },
    // Every call counts against the public rate limit: no refetch on focus, on remount or on failure.
    { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Infinity, retry: false },
  );

  let content;
  if (booking.data !== undefined) {
    content = <BookingDetails token={token} booking={booking.data} />;
  } else if (booking.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your booking">
        <Skeleton height={22} width="40%" />
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} height={18} />
        ))}
      </Stack>
    );
  } else if (booking.error.data?.code === 'NOT_FOUND' || booking.error.data?.code === 'BAD_REQUEST') {
    // An unknown or malformed token; the server says 'This booking link is not valid.' for both.
    content = (
      <Alert color="red" title={messageOf(booking.error, MANAGE_LINK_INVALID)}>
        <Stack gap="xs">
          <Text size="sm">
            Please use the link in the most recent e-mail about your booking: each new e-mail replaces the link of the ones
            before it.
          </Text>
          <Anchor component={Link} to="/booking" size="sm">
            Go to the booking page
          </Anchor>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <Alert color="red" title="Your booking could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messageOf(booking.error, 'Please try again.')}</Text>
          <Button variant="light" color="red" size="compact-sm" onClick={() => void booking.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Manage Your Booking
        </Title>
        {content}
      </Stack>
    </Container>
  );
}

function BookingDetails({ token, booking }: { token: string; booking: ManagedBooking }) {
  const utils = trpc.useUtils();
  const [confirming, confirm] = useDisclosure(false);
  const cancel = trpc.bookings.cancelByToken.useMutation({
    onSuccess: (cancelled) => {
      utils.bookings.manage.setData({ token }, cancelled);
      confirm.close();
    },
    onError: (error) => {
      confirm.close();
      // The session started since the page loaded: fetch the booking again so the button goes.
      if (error.data?.code === 'PRECONDITION_FAILED') void utils.bookings.manage.invalidate({ token });
    },
  });
  const status = STATUS_WORDS[booking.status];
  const when = formatSlotRange(booking.startTime, booking.endTime, booking.timezone);

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          Your Booking
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder aria-label="Your booking">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={140}>Name</Table.Th>
              <Table.Td>{booking.participantName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Event</Table.Th>
              <Table.Td>{booking.eventTitle}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Session</Table.Th>
              <Table.Td>{booking.sessionTitle}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Location</Table.Th>
              <Table.Td>{booking.location ?? 'TBD'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Date and time</Table.Th>
              <Table.Td>{when}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Status</Table.Th>
              <Table.Td>
                <Badge variant="light" color={status.color} size="lg" tt="none">
                  {status.label}
                </Badge>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>

        {booking.offerExpiresAt !== null && booking.status === 'waitlisted' && (
          <OfferPanel token={token} offerExpiresAt={booking.offerExpiresAt} timezone={booking.timezone} />
        )}
        {cancel.isError && (
          <Alert color="red" role="alert" title="Your booking could not be cancelled">
            {messageOf(cancel.error, 'Please try again.')}
          </Alert>
        )}
        {booking.status === 'cancelled' ? (
          <Alert color="teal" role="status">
            <Stack gap="xs">
              <Text size="sm">{cancel.isSuccess ? 'Your booking has been cancelled.' : 'This booking has been cancelled.'}</Text>
              <Anchor component={Link} to="/booking" size="sm">
                Book another session
              </Anchor>
            </Stack>
          </Alert>
        ) : booking.canCancel ? (
          <Group>
            <Button color="red" variant="outline" onClick={confirm.open}>
              Cancel Booking
            </Button>
          </Group>
        ) : (
          <Alert color="gray" role="status">
            {CANNOT_CANCEL_STARTED}
          </Alert>
        )}
      </Stack>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirming}
        onClose={confirm.close}
        title="Cancel this booking?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Your place in {booking.sessionTitle} on {when} will be released
            {booking.status === 'waitlisted' ? ' and you will leave the waitlist' : ' and may go to someone else'}. This
            cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close} disabled={cancel.isPending}>
              Keep Booking
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ token })}>
              Cancel Booking
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
