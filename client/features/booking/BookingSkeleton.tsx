import { Skeleton, Stack } from '@mantine/core';

/** Shown while events load: a skeleton in the shape of the form. */
export function BookingSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading booking form">
      <Skeleton height={14} width="30%" />
      <Skeleton height={36} />
      <Skeleton height={14} width="30%" />
      <Skeleton height={36} />
      <Skeleton height={120} />
    </Stack>
  );
}
