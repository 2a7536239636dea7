// The whole API. The client imports only `type AppRouter` from here.
import { apiTokensRouter } from './api-tokens/api-tokens.router';
import { webhooksRouter } from './webhooks/webhooks.router';
import { vouchersRouter } from './vouchers/vouchers.router';
import { auditRouter } from './audit/audit.router';
import { authRouter } from './identity/auth.router';
import { bookingsRouter } from './bookings/bookings.router';
import { calendarsRouter } from './calendars/calendars.router';
import { checkInRouter } from './check-in/check-in.router';
import { consultationsRouter } from './consultations/consultations.router';
import { contactsRouter } from './contacts/contacts.router';
import { analyticsRouter } from './analytics/analytics.router';
import { dashboardRouter } from './dashboard/dashboard.router';
import { delegatesRouter } from './sessions/delegates.router';
import { emailsRouter } from './email/emails.router';
import { eventsRouter } from './events/events.router';
import { homePageRouter } from './home-page/home-page.router';
import { invoicesRouter } from './invoices/invoices.router';
import { paymentsRouter } from './payments/payments.router';
import { privacyRouter } from './privacy/privacy.router';
import { registrationQuestionsRouter } from './registration-questions/registration-questions.router';
import { sessionsRouter } from './sessions/sessions.router';
import { settingsRouter } from './settings/settings.router';
import { timeSlotsRouter } from './sessions/time-slots.router';
import { usersRouter } from './identity/users.router';
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
  analytics: analyticsRouter,
  emails: emailsRouter,
  audit: auditRouter,
  homePage: homePageRouter,
  registrationQuestions: registrationQuestionsRouter,
  checkIn: checkInRouter,
  privacy: privacyRouter,
  consultations: consultationsRouter,
  invoices: invoicesRouter,
  payments: paymentsRouter,
  calendars: calendarsRouter,
  apiTokens: apiTokensRouter,
  vouchers: vouchersRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
