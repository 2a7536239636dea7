// The whole API. The client imports only `type AppRouter` from here.
import { auditRouter } from './routers/audit';
import { authRouter } from './routers/auth';
import { bookingsRouter } from './routers/bookings';
import { checkInRouter } from './routers/check-in';
import { consultationsRouter } from './routers/consultations';
import { contactsRouter } from './routers/contacts';
import { dashboardRouter } from './routers/dashboard';
import { delegatesRouter } from './routers/delegates';
import { emailsRouter } from './routers/emails';
import { eventsRouter } from './routers/events';
import { homePageRouter } from './routers/home-page';
import { privacyRouter } from './routers/privacy';
import { registrationQuestionsRouter } from './routers/registration-questions';
import { sessionsRouter } from './routers/sessions';
import { settingsRouter } from './routers/settings';
import { timeSlotsRouter } from './routers/time-slots';
import { usersRouter } from './routers/users';
import { router } from './trpc/init';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  events: eventsRouter,
  sessions: sessionsRouter,
  timeSlots: timeSlotsRouter,
  delegates: delegatesRouter,
  bookings: bookingsRouter,
  contacts: contactsRouter,
  settings: settingsRouter,
  dashboard: dashboardRouter,
  emails: emailsRouter,
  audit: auditRouter,
  homePage: homePageRouter,
  registrationQuestions: registrationQuestionsRouter,
  checkIn: checkInRouter,
  privacy: privacyRouter,
  consultations: consultationsRouter,
});

export type AppRouter = typeof appRouter;
