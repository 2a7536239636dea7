import { dashboardStats } from '../repositories/dashboard';
import { setupChecklist } from '../services/setup-checklist';
import { adminProcedure, router, staffProcedure } from '../trpc/init';

export const dashboardRouter = router({
  stats: staffProcedure.query(({ ctx }) => dashboardStats(ctx.db, ctx.user.id)),

  /** The "Set up your site" checklist: logo, contact details, home content, a first event, SMTP. */
  setupChecklist: adminProcedure
    .meta({ description: 'Lists what an admin still has to fill in for the site to be the firm\'s own, each item ticked when done.' })
    .query(({ ctx }) => setupChecklist(ctx.db)),
});
