// On the manage page of a waitlisted booking offered a freed seat: take it (the booking is
// confirmed, and a confirmation e-mail with a new link follows) or decline it (the booking is
// cancelled and the seat offered to the next in line), before the deadline.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@server/shared/time';
import { messageOf, trpc } from '@client/trpc';

export function OfferPanel({ token, offerExpiresAt, timezone }: { token: string; offerExpiresAt: string; timezone: string }) {
  const utils = trpc.useUtils();
  const take = trpc.bookings.takeOffer.useMutation();
  // The answer is the booking as the page shows it (the manage procedures are rate-limited: no refetch).
  const decline = trpc.bookings.declineOffer.useMutation({ onSuccess: (booking) => utils.bookings.manage.setData({ token }, booking) });
  if (take.isSuccess) {
    return (
      <Alert color="teal" role="status" title="The seat is yours">
        Your booking is confirmed. A confirmation e-mail is on its way, with a new link to manage the booking (this page&apos;s link no longer works).
      </Alert>
    );
  }
  const failure = take.error ?? decline.error;
  return (
    <Alert color="blue" title="A seat is offered to you">
      <Stack gap="sm">
        <Text size="sm">
          A seat has opened up and it is held for you until {formatDateTime(offerExpiresAt, timezone)}. If you decline it, or do not take it by then, this booking is
          cancelled and the seat goes to the next person on the waitlist.
        </Text>
        {failure !== null && (
          <Text size="sm" c="red" role="alert">
            {messageOf(failure, 'Please try again.')}
          </Text>
        )}
        <Group>
          <Button loading={take.isPending} disabled={decline.isPending} onClick={() => take.mutate({ token })}>
            Take the Seat
          </Button>
          <Button variant="default" loading={decline.isPending} disabled={take.isPending} onClick={() => decline.mutate({ token })}>
            Decline
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
