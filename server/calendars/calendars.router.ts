import { calendarByIdInput, calendarListInput, connectCalDavInput, connectFeedInput, updateCalendarInput } from './calendars.schemas';
import {
  connectCalDav,
  connectFeed,
  listCalendarConnections,
  refreshCalendarConnection,
  removeCalendarConnection,
  updateCalendarConnection,
} from './calendars.service';
import { router, staffProcedure } from '@server/trpc/init';

export const calendarsRouter = router({
  list: staffProcedure
    .meta({ description: "A staff member's calendar connections (one's own, or an admin's pick of anyone's) with their calendars, the ones counted as busy and written to, and their health: last good read, the error in words, and whether the consultant's times are hidden; never a password or a feed's address." })
    .input(calendarListInput)
    .query(({ ctx, input }) => listCalendarConnections(ctx, input)),

  connectCalDav: staffProcedure
    .meta({ description: "Connects a CalDAV account (server address, user name, app password stored encrypted): discovers its calendars (all counted as busy at first), reads their busy times and answers the connection; a refused password, an address that is not https, on a private network or this site, or no CalDAV server there is a field message (audited)." })
    .input(connectCalDavInput)
    .mutation(({ ctx, input }) => connectCalDav(ctx, input)),

  connectFeed: staffProcedure
    .meta({ description: "Connects a read-only calendar feed (the secret iCal address Google Calendar and Outlook publish, stored encrypted) under a name: reads it once and answers the connection; an address that cannot be reached or is not a calendar is a field message (audited)." })
    .input(connectFeedInput)
    .mutation(({ ctx, input }) => connectFeed(ctx, input)),

  update: staffProcedure
    .meta({ description: "Chooses which of a connection's calendars count as busy and the one consultations are written to (one per consultant: choosing it clears the others'), then reads them again (audited)." })
    .input(updateCalendarInput)
    .mutation(({ ctx, input }) => updateCalendarConnection(ctx, input)),

  refresh: staffProcedure
    .meta({ description: "Reads a connection's busy times now and answers its health." })
    .input(calendarByIdInput)
    .mutation(({ ctx, input }) => refreshCalendarConnection(ctx, input)),

  remove: staffProcedure
    .meta({ description: 'Removes a calendar connection with its busy times (audited).' })
    .input(calendarByIdInput)
    .mutation(({ ctx, input }) => removeCalendarConnection(ctx, input)),
});
