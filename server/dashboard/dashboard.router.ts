import { dashboardStats, dashboardWeek, recentAttendance } from './dashboard.service';
import { setupChecklist } from '@server/settings/setup-checklist.service';
import { dashboardRevenue } from './revenue.service';
import { adminProcedure, router, staffProcedure } from '@server/trpc/init';

export const dashboardRouter = router({
  stats: staffProcedure
    .meta({ description: "The dashboard's summary: totals, the next upcoming time slot and the figures the caller's role may see." })
    .query(({ ctx }) => dashboardStats(ctx)),

  week: staffProcedure
    .meta({
      description:
        'The week at a glance: bookings made in the last 7 days by status beside the 7 days before, seats taken of the seats offered by the next 7 days\' slots (those with a limit), waitlisted bookings of slots to come, contact messages still New, and the next 5 slots with their seats.',
    })
    .query(({ ctx }) => dashboardWeek(ctx)),

  attendance: staffProcedure
    .meta({ description: 'Attendance of the 10 sessions with slots most recently started (in the last 30 days): bookings checked in of those holding a seat.' })
    .query(({ ctx }) => recentAttendance(ctx)),

  revenue: staffProcedure
    .meta({
      description:
        "Revenue this week (Monday to Sunday) and this month, days in the site's time zone: the payments received, gross, minus the refunds marked sent back, by the day the bank booked each, in the site's currency (amountMinor, minor units). shown is false on a site with no priced session and no payment.",
    })
    .query(({ ctx }) => dashboardRevenue(ctx)),

  /** The "Set up your site" checklist: logo, contact details, home content, a first event, SMTP. */
  setupChecklist: adminProcedure
    .meta({ description: "Lists what an admin still has to fill in for the site to be the firm's own (logo, contact details, home content, a first event, SMTP), each item ticked when done." })
    .query(({ ctx }) => setupChecklist(ctx)),
});
