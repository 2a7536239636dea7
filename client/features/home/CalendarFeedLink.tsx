// A link to the site's calendar feed (/events.ics): a calendar app that subscribes to it shows every
// upcoming session time and keeps it current.
import { CALENDAR_FEED_PATH } from '@server/shared/calendar-feed-path';

export function CalendarFeedLink({ className }: { className?: string }) {
  return (
    <a href={CALENDAR_FEED_PATH} className={className} type="text/calendar">
      Subscribe to calendar
    </a>
  );
}
