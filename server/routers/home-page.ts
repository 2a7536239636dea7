// The home page's editable content: everyone reads it, admins replace it.
import { homeContentInput } from '../schemas/home-page';
import { actorOf } from '../services/audit';
import { getHomeContent, updateHomeContent } from '../services/home-content';
import { adminProcedure, publicProcedure, router } from '../trpc/init';

export const homePageRouter = router({
  get: publicProcedure.query(({ ctx }) => getHomeContent(ctx)),
  update: adminProcedure.input(homeContentInput).mutation(({ ctx, input }) => updateHomeContent(ctx, input, actorOf(ctx))),
});
