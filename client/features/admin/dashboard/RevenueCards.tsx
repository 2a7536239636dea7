// Revenue this week and this month (payments received, gross, minus refunds marked; the site's
// currency and time zone): two stat cards like the dashboard's others, on a site that takes payments
// only, so a free-only site's dashboard looks as before.
import { SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@server/shared/money';
import { trpc } from '@client/trpc';
import { StatCard } from '@client/features/admin/kit/StatCard';
import { useDates } from '@client/use-dates';

export function RevenueCards() {
  const revenue = trpc.dashboard.revenue.useQuery();
  const dates = useDates();
  const data = revenue.data;
  if (data === undefined || !data.shown) return null;
  const day = (date: string) => dates.dayMonth(`${date}T12:00:00Z`, 'UTC');
  const card = (label: string, period: typeof data.week) => (
    <StatCard
      label={label}
      value={
        <>
          {formatMoney(period.amountMinor, data.currency, 'en-US')}
          <Text span display="block" size="xs" c="dimmed" fw={400}>
            Received {day(period.from)} – {day(period.to)}, less refunds
          </Text>
        </>
      }
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      {card('Revenue This Week', data.week)}
      {card('Revenue This Month', data.month)}
    </SimpleGrid>
  );
}
