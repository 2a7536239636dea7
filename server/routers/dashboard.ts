import { dashboardStats } from '../repositories/dashboard';
import { router, staffProcedure } from '../trpc/init';

export const dashboardRouter = router({
  stats: staffProcedure.query(({ ctx }) => dashboardStats(ctx.db, ctx.user.id)),
});
