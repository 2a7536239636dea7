// The home page's editable content: everyone reads it, admins replace it.
import { homeContentInput } from './home-page.schemas';
import { getHomeContent, updateHomeContent } from './home-page.service';
import { adminProcedure, publicProcedure, router } from '@server/trpc/init';

export const homePageRouter = router({
  get: publicProcedure
    .meta({ description: "The home page's editable content (slides, services, testimonials, founder, priorities), served to visitors from the public-read cache." })
    .query(({ ctx }) => getHomeContent(ctx)),
  update: adminProcedure
    .meta({ description: "Replaces the home page's content; the cached pages and answers that show it are forgotten once saved (audited)." })
    .input(homeContentInput)
    .mutation(({ ctx, input }) => updateHomeContent(ctx, input)),
});
