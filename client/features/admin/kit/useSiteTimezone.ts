// Times in the back office are shown in the site's Timezone setting and name the zone.
import { formatDateTime } from '@server/shared/time';
import { trpc } from '@client/trpc';

export function useSiteTimezone() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: 5 * 60_000 });
  const timeZone = settings.data?.timezone ?? 'UTC';
  return { timeZone, format: (iso: string) => formatDateTime(iso, timeZone) };
}
