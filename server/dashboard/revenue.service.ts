// Revenue on the dashboard: the money received this week (Monday to Sunday) and this month, as days
// in the site's time zone. Revenue is the payments received, gross (what the buyers transferred,
// tax included), minus the refunds marked sent back (recorded as payments of negative amounts), by
// the day the bank booked each, in the site's currency (payments in another currency, from before a
// change of the setting, are left out). Shown only when the site has a priced session or a payment.
import { getSystemSettings } from '@server/settings/settings.repository';
import type { ServiceContext } from '@server/core/service-context';
import { utcToZonedParts } from '@server/shared/time';
import { sumPaymentsBetween, takesPayments } from './revenue.repository';

export interface RevenuePeriod {
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
  amountMinor: number;
}

export interface DashboardRevenue {
  /** False on a site with no priced session and no payment: the dashboard shows no revenue. */
  shown: boolean;
  currency: string;
  week: RevenuePeriod;
  month: RevenuePeriod;
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The Monday-to-Sunday week and the calendar month holding `today` (YYYY-MM-DD). */
export function periodsOf(today: string): { week: { from: string; to: string }; month: { from: string; to: string } } {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  const weekFrom = addDays(today, -weekday);
  const monthFrom = `${today.slice(0, 7)}-01`;
  const nextMonth = new Date(`${monthFrom}T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  return { week: { from: weekFrom, to: addDays(weekFrom, 6) }, month: { from: monthFrom, to: addDays(nextMonth.toISOString().slice(0, 10), -1) } };
}

export async function dashboardRevenue({ db }: Pick<ServiceContext, 'db'>, now = new Date()): Promise<DashboardRevenue> {
  const { timezone, currency } = await getSystemSettings(db);
  const { week, month } = periodsOf(utcToZonedParts(now.toISOString(), timezone).date);
  const [shown, weekTotal, monthTotal] = await Promise.all([
    takesPayments(db),
    sumPaymentsBetween(db, week.from, week.to, currency),
    sumPaymentsBetween(db, month.from, month.to, currency),
  ]);
  return { shown, currency, week: { ...week, amountMinor: weekTotal }, month: { ...month, amountMinor: monthTotal } };
}
