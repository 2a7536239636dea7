// Privacy (admins only): Find a person (export or erase everything held about an e-mail address),
// the retention periods the scheduler applies once a day, and the text of the public privacy page.
import '@client/zod-config'; // before any schema of this chunk is created
import { Skeleton, Stack, Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { FormError } from '@client/features/admin/kit/FormError';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { FindPerson } from './FindPerson';
import { PrivacySettingsForm } from './PrivacySettingsForm';

function PrivacyTools() {
  const settings = trpc.privacy.page.useQuery(undefined, { staleTime: 0 });
  return (
    <Stack gap="lg">
      <FindPerson />
      {settings.data !== undefined ? (
        <PrivacySettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <FormError error={settings.error} />
      ) : (
        <Skeleton height={320} aria-label="Loading privacy settings" />
      )}
    </Stack>
  );
}

export function PrivacyPage() {
  const { user, isAdmin } = useCurrentUser();
  return (
    <AdminPage title="Privacy" subtitle="What the site holds about people, how long it keeps it, and what the privacy page says.">
      {user === null ? (
        <Skeleton height={120} aria-label="Loading" />
      ) : isAdmin ? (
        <PrivacyTools />
      ) : (
        <Text c="dimmed">Only administrators can find, export or erase a person&apos;s records and change the privacy settings.</Text>
      )}
    </AdminPage>
  );
}
