import { Text } from '@mantine/core';
import { AdminPage } from '../kit/AdminPage';

export function BookingsPage() {
  return (
    <AdminPage title="Bookings">
      <Text c="dimmed">This screen is being built.</Text>
    </AdminPage>
  );
}
