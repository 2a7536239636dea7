import { Text } from '@mantine/core';
import { AdminPage } from '../kit/AdminPage';

export function EventsPage() {
  return (
    <AdminPage title="Events">
      <Text c="dimmed">This screen is being built.</Text>
    </AdminPage>
  );
}
