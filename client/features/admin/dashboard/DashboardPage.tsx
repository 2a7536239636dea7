import { Text } from '@mantine/core';
import { AdminPage } from '../kit/AdminPage';

export function DashboardPage() {
  return (
    <AdminPage title="Dashboard">
      <Text c="dimmed">This screen is being built.</Text>
    </AdminPage>
  );
}
