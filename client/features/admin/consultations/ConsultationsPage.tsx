// Back office, Consultations: the list (each staff member's own by default), one's hours with
// one's own calendars, and the types (admins). Each tab is a component of its own file.
import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { AvailabilityEditor } from './AvailabilityEditor';
import { CalendarConnections } from './CalendarConnections';
import { ConsultationList } from './ConsultationList';
import { ConsultationTypes } from './ConsultationTypes';

export function ConsultationsPage() {
  const { isAdmin } = useCurrentUser();
  const [tab, setTab] = useState<string | null>('list');
  return (
    <AdminPage title="Consultations" subtitle="Consultations booked by visitors, your hours and the kinds of consultation offered.">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list">Consultations</Tabs.Tab>
          <Tabs.Tab value="hours">My hours</Tabs.Tab>
          <Tabs.Tab value="types">Types</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <ConsultationList />
        </Tabs.Panel>
        <Tabs.Panel value="hours" pt="md">
          <Stack gap="xl">
            <AvailabilityEditor />
            <CalendarConnections />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="types" pt="md">
          <ConsultationTypes canEdit={isAdmin} />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
