import { Text } from '@mantine/core';
import { AdminPage } from '../kit/AdminPage';

export function ContactsPage() {
  return (
    <AdminPage title="Contacts">
      <Text c="dimmed">This screen is being built.</Text>
    </AdminPage>
  );
}
