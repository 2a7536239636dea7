import { Skeleton, Stack } from '@mantine/core';
import { useTranslator } from '@client/i18n';

/** Shown while events load: a skeleton in the shape of the form. */
export function BookingSkeleton() {
  const { t } = useTranslator();
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('booking.loading')}>
      <Skeleton height={14} width="30%" />
      <Skeleton height={36} />
      <Skeleton height={14} width="30%" />
      <Skeleton height={36} />
      <Skeleton height={120} />
    </Stack>
  );
}
