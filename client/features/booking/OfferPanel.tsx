// On the manage page of a waitlisted booking offered a freed seat: take it (the booking is
// confirmed, and a confirmation e-mail with a new link follows) or decline it (the booking is
// cancelled and the seat offered to the next in line), before the deadline.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import { messageOf, trpc } from '@client/trpc';

export function OfferPanel({ token, offerExpiresAt, timezone }: { token: string; offerExpiresAt: string; timezone: string }) {
  const words = useTranslator();
  const { t } = words;
  const dates = useDates();
  const utils = trpc.useUtils();
  const take = trpc.bookings.takeOffer.useMutation();
  // The answer is the booking as the page shows it (the manage procedures are rate-limited: no refetch).
  const decline = trpc.bookings.declineOffer.useMutation({ onSuccess: (booking) => utils.bookings.manage.setData({ token }, booking) });
  if (take.isSuccess) {
    return (
      <Alert color="teal" role="status" title={t('manage.offer.taken.title')}>
        {t('manage.offer.taken.text')}
      </Alert>
    );
  }
  const failure = take.error ?? decline.error;
  return (
    <Alert color="blue" title={t('manage.offer.title')}>
      <Stack gap="sm">
        <Text size="sm">
          {t('manage.offer.text', { deadline: dates.dateTime(offerExpiresAt, timezone) })}
        </Text>
        {failure !== null && (
          <Text size="sm" c="red" role="alert">
            {messageOf(failure, t('common.pleaseTryAgain'), words)}
          </Text>
        )}
        <Group>
          <Button loading={take.isPending} disabled={decline.isPending} onClick={() => take.mutate({ token })}>
            {t('manage.offer.take')}
          </Button>
          <Button variant="default" loading={decline.isPending} disabled={take.isPending} onClick={() => decline.mutate({ token })}>
            {t('manage.offer.decline')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
