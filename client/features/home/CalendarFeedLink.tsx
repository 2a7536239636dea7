// A link to the site's calendar feed (/events.ics): a calendar app that subscribes to it shows every
// upcoming session time and keeps it current.
import { useTranslator } from '@client/i18n';
import { CALENDAR_FEED_PATH } from '@server/shared/calendar-feed-path';

export function CalendarFeedLink({ className }: { className?: string }) {
  const { t } = useTranslator();
  return (
    <a href={CALENDAR_FEED_PATH} className={className} type="text/calendar">
      {t('home.events.subscribe')}
    </a>
  );
}
