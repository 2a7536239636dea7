// Admin dashboard: four stat cards, revenue (on a site that takes payments), the week (new bookings, seats, waitlist, contacts waiting, the
// next sessions), quick actions, and the latest contact submissions. Times are shown in the site's
// timezone, naming the zone.
import '@client/zod-config'; // before any schema of this chunk is created
import { Alert, SimpleGrid, Text } from '@mantine/core';
import { messageOf, trpc } from '@client/trpc';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { StatCard } from '@client/features/admin/kit/StatCard';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { QuickActions } from './QuickActions';
import { AttendanceCard } from './AttendanceCard';
import { RecentContacts } from './RecentContacts';
import { RevenueCards } from './RevenueCards';
import { SetupChecklist } from './SetupChecklist';
import { UpcomingConsultations } from './UpcomingConsultations';
import { WeekSummary } from './WeekSummary';

export function DashboardPage() {
  const { isAdmin } = useCurrentUser();
  const { format } = useSiteTimezone();
  const stats = trpc.dashboard.stats.useQuery();
  const data = stats.data;
  const loading = stats.isPending;
  const missing = '—';

  return (
    <AdminPage title="Dashboard" subtitle="An overview of events, contacts and your account">
      {stats.isError && (
        <Alert color="red" title="Failed to load dashboard" role="alert">
          {messageOf(stats.error, 'Please refresh the page to try again.')}
        </Alert>
      )}
      {isAdmin && <SetupChecklist />}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard label="Total Events" value={data?.totalEvents ?? missing} loading={loading} />
        <StatCard label="Total Contacts" value={data?.totalContacts ?? missing} loading={loading} />
        <StatCard
          label="Days Until Next Event"
          loading={loading}
          value={
            data === undefined ? (
              missing
            ) : data.daysUntilNextEvent === null || data.nextEventStartsAt === null ? (
              <Text span size="md" fw={700}>
                No upcoming events
              </Text>
            ) : (
              <>
                {data.daysUntilNextEvent}
                <Text span display="block" size="xs" c="dimmed" fw={400}>
                  Next slot: {format(data.nextEventStartsAt)}
                </Text>
              </>
            )
          }
        />
        <StatCard
          label="Last Login"
          loading={loading}
          value={
            data === undefined ? (
              missing
            ) : (
              // Small enough to stay on one line in a quarter of the screen.
              <Text span size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {data.lastLogin === null ? 'First sign-in' : format(data.lastLogin)}
              </Text>
            )
          }
        />
      </SimpleGrid>
      <RevenueCards />
      <WeekSummary />
      <UpcomingConsultations />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <QuickActions isAdmin={isAdmin} />
        <RecentContacts />
      </SimpleGrid>
      <AttendanceCard />
    </AdminPage>
  );
}
