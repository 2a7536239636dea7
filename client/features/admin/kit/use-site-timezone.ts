// Times in the back office are shown in the site's Timezone setting and name the zone.
import { trpc } from '@client/trpc';
import { useDates } from '@client/use-dates';

export function useSiteTimezone() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: 5 * 60_000 });
  const dates = useDates();
  const timeZone = settings.data?.timezone ?? 'UTC';
  // `ready`: the setting has arrived (until then `timeZone` is UTC, which a screen that computes
  // days, such as the calendar, must not use).
  return { timeZone, ready: settings.data !== undefined || settings.isError, format: (iso: string) => dates.dateTime(iso, timeZone) };
}
