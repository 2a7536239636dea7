/** Where the public calendar feed of upcoming session times is served (shared by server and client). */
export const CALENDAR_FEED_PATH = '/events.ics';
