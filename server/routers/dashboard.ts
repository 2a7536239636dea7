import { dashboardStats } from '../repositories/dashboard';
import { router, staffProcedure } from '../trpc/init';

export const dashboardRouter = router({
  stats: staffProcedure
    .meta({ description: "The dashboard's summary: totals, the next upcoming time slot and the figures the caller's role may see." })
    .query(({ ctx }) => dashboardStats(ctx.db, ctx.user.id)),
});
