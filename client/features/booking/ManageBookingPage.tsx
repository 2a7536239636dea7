// Manage my booking (/booking/manage/{token}): the page the link in a participant's e-mails opens.
// It shows the booking in the site's timezone and its invoices and credit notes (as PDFs), and lets
// the participant cancel it until the session starts; the server frees the seat for the waitlist.
// The manage procedures are rate-limited like the public forms, so the booking is fetched once and
// the cancellation's answer replaces it in the cache instead of a refetch.
import '@client/zod-config'; // before any schema of this chunk is created
import '@client/features/layout/page-styles';
import { Alert, Anchor, Badge, Button, Container, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useParams } from '@tanstack/react-router';
import type { BookingViewStatus } from '@server/bookings/bookings.schemas';
import type { MessageKey } from '@server/shared/i18n/catalogs/en';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { ManageInvoices } from './ManageInvoices';
import { ManagePayment } from './ManagePayment';
import { OfferPanel } from './OfferPanel';
import { browserTimeZone } from '@server/shared/visitor-time';

type ManagedBooking = RouterOutputs['bookings']['manage'];

/** The participant's words for a status (the back office says Pending, Waitlisted...). */
const STATUS_WORDS: Record<BookingViewStatus, { label: MessageKey; color: string }> = {
  pending: { label: 'manage.status.pending', color: 'yellow' },
  'awaiting-payment': { label: 'manage.status.awaiting-payment', color: 'blue' },
  confirmed: { label: 'manage.status.confirmed', color: 'teal' },
  waitlisted: { label: 'manage.status.waitlisted', color: 'orange' },
  cancelled: { label: 'manage.status.cancelled', color: 'gray' },
};

/** The route's page: the token is the last part of the path. */
export function ManageBookingPage() {
  const { token } = useParams({ strict: false });
  return <ManageBooking token={token ?? ''} />;
}

export function ManageBooking({ token }: { token: string }) {
  const words = useTranslator();
  const { t } = words;
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
      <Stack gap="sm" aria-busy="true" aria-label={t('manage.loading')}>
        <Skeleton height={22} width="40%" />
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} height={18} />
        ))}
      </Stack>
    );
  } else if (booking.error.data?.code === 'NOT_FOUND' || booking.error.data?.code === 'BAD_REQUEST') {
    // An unknown or malformed token; the server says 'This booking link is not valid.' for both.
    content = (
      <Alert color="red" title={messageOf(booking.error, t('message.manageLinkInvalid'), words)}>
        <Stack gap="xs">
          <Text size="sm">{t('manage.invalid.text')}</Text>
          <Anchor component={Link} to="/booking" size="sm">
            {t('manage.invalid.link')}
          </Anchor>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <Alert color="red" title={t('manage.failed.title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messageOf(booking.error, t('common.pleaseTryAgain'), words)}</Text>
          <Button variant="light" color="red" size="compact-sm" onClick={() => void booking.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          {t('manage.title')}
        </Title>
        {content}
      </Stack>
    </Container>
  );
}

function BookingDetails({ token, booking }: { token: string; booking: ManagedBooking }) {
  const words = useTranslator();
  const { t } = words;
  const dates = useDates();
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
  // The visitor's own clock (the browser's zone) beside the site's when they differ.
  const when = dates.visitorSlotLine(booking.startTime, booking.endTime, booking.timezone, browserTimeZone());

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
      <Stack gap="md">
        <Title order={2}>
          {t('manage.booking')}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder aria-label={t('booking.success.table')}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" w={140}>{t('manage.name')}</Table.Th>
              <Table.Td>{booking.participantName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('manage.event')}</Table.Th>
              <Table.Td>{booking.eventTitle}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('manage.session')}</Table.Th>
              <Table.Td>{booking.sessionTitle}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('manage.location')}</Table.Th>
              <Table.Td>{booking.location ?? t('manage.noLocation')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('manage.when')}</Table.Th>
              <Table.Td>{when}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('manage.status')}</Table.Th>
              <Table.Td>
                <Badge variant="light" color={status.color} size="lg" tt="none">
                  {t(status.label)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>

        {booking.payment !== null && <ManagePayment payment={booking.payment} timezone={booking.timezone} />}
        <ManageInvoices token={token} />
        {booking.offerExpiresAt !== null && booking.status === 'waitlisted' && (
          <OfferPanel token={token} offerExpiresAt={booking.offerExpiresAt} timezone={booking.timezone} />
        )}
        {cancel.isError && (
          <Alert color="red" role="alert" title={t('manage.cancelFailed')}>
            {messageOf(cancel.error, t('common.pleaseTryAgain'), words)}
          </Alert>
        )}
        {booking.status === 'cancelled' ? (
          <Alert color="teal" role="status">
            <Stack gap="xs">
              <Text size="sm">{cancel.isSuccess ? t('manage.cancelled.now') : t('manage.cancelled.before')}</Text>
              <Anchor component={Link} to="/booking" size="sm">
                {t('manage.bookAnother')}
              </Anchor>
            </Stack>
          </Alert>
        ) : booking.canCancel ? (
          <Group>
            <Button color="red" variant="outline" onClick={confirm.open}>
              {t('manage.cancel')}
            </Button>
          </Group>
        ) : (
          <Alert color="gray" role="status">
            {t('message.cannotCancelStarted')}
          </Alert>
        )}
      </Stack>

      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={confirming}
        onClose={confirm.close}
        title={t('manage.confirm.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t(booking.status === 'waitlisted' ? 'manage.confirm.textWaitlisted' : 'manage.confirm.text', { session: booking.sessionTitle, when })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close} disabled={cancel.isPending}>
              {t('manage.keep')}
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ token })}>
              {t('manage.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
