import { Text } from '@mantine/core';
import { AdminPage } from '../kit/AdminPage';

export function DelegatesPage() {
  return (
    <AdminPage title="Delegates">
      <Text c="dimmed">This screen is being built.</Text>
    </AdminPage>
  );
}
