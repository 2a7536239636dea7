import { Text } from '@mantine/core';
import { AdminPage } from '../kit/AdminPage';

export function SessionsPage() {
  return (
    <AdminPage title="Sessions">
      <Text c="dimmed">This screen is being built.</Text>
    </AdminPage>
  );
}
