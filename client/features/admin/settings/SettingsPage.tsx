import { Text } from '@mantine/core';
import { AdminPage } from '../kit/AdminPage';

export function SettingsPage() {
  return (
    <AdminPage title="Settings">
      <Text c="dimmed">This screen is being built.</Text>
    </AdminPage>
  );
}
