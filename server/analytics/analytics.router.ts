import { staffProcedure, router } from '@server/trpc/init';
import { analyticsFilterInput, funnelInput } from './analytics.schemas';
import { analyticsCsv, analyticsFunnel, analyticsPages, analyticsSources, analyticsSummary } from './analytics.service';

export const analyticsRouter = router({
  summary: staffProcedure
    .meta({ description: 'Visitors, page views, bookings and conversion of a range (UTC days) against the range before, and the range day by day.' })
    .input(analyticsFilterInput)
    .query(({ ctx, input }) => analyticsSummary(ctx, input)),

  funnel: staffProcedure
    .meta({ description: "An event's booking funnel, or the consultations' without eventId: distinct visitors per step, the last step the bookings stored, with the drop-off." })
    .input(funnelInput)
    .query(({ ctx, input }) => analyticsFunnel(ctx, input)),

  pages: staffProcedure
    .meta({ description: 'The 20 pages with the most visitors in the range.' })
    .input(analyticsFilterInput)
    .query(({ ctx, input }) => analyticsPages(ctx, input)),

  sources: staffProcedure
    .meta({ description: 'Visits begun and bookings by source (search, linkedin, x, email, direct or a site) and by campaign (utm_source / utm_medium / utm_campaign).' })
    .input(analyticsFilterInput)
    .query(({ ctx, input }) => analyticsSources(ctx, input)),

  exportCsv: staffProcedure
    .meta({ description: 'The range day by day, its top pages, sources and campaigns as CSV text, with a file name.' })
    .input(analyticsFilterInput)
    .query(({ ctx, input }) => analyticsCsv(ctx, input)),
});
