// The whole API. The client imports only `type AppRouter` from here.
import { authRouter } from './routers/auth';
import { eventsRouter } from './routers/events';
import { usersRouter } from './routers/users';
import { router } from './trpc/init';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  events: eventsRouter,
});

export type AppRouter = typeof appRouter;
