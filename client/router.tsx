// Route table: the public pages (home, an event's page, booking, manage my booking) and the back office under /admin. Public pages load with the first bundle; every admin screen is
// its own chunk (lazyRouteComponent), so the home page never downloads back-office code.
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { safeAdminPath } from './features/admin/safe-admin-path';
import { PageSpinner } from './features/layout/PageSpinner';
import { PublicRouteLayout } from './features/layout/PublicRouteLayout';
import { EmbedLayout } from './features/embed/EmbedLayout';
import { HomePage } from './features/home/HomePage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { validateBookingSearch } from './features/admin/bookings/booking-search';
import { validatePaymentSearch } from './features/admin/payments/payment-search';
import { validateCalendarSearch } from './features/admin/calendar/calendar-search';
import { validateSettingsSearch } from './features/admin/settings/settings-tabs';
import type { QueryUtils } from './trpc';

export interface RouterContext {
  queryClient: QueryClient;
  utils: QueryUtils;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicRouteLayout,
});

const homeRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/',
  component: HomePage,
});

const BookingPage = lazyRouteComponent(() => import('./features/booking/BookingPage'), 'BookingPage');

const bookingRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/booking',
  component: BookingPage,
});

const bookingForEventRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/booking/$eventId',
  component: BookingPage,
});

/** An event's page; served to visitors with a script of its own (client/event.tsx), this is the app's. */
const eventRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/events/$eventId',
  component: lazyRouteComponent(() => import('./features/event/EventRoutePage'), 'EventRoutePage'),
});

/**
 * The privacy page; served to visitors with the event pages' script (client/event.tsx), this is the
 * app's. A lazy chunk: the page itself lives in the event page's chunk (vite.config.ts), which the
 * app's first screen does not need.
 */
const privacyRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('./features/privacy/PrivacyRoutePage'), 'PrivacyRoutePage'),
});

/** The link in a participant's e-mails; the token is the whole secret. */
const manageBookingRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/booking/manage/$token',
  component: lazyRouteComponent(() => import('./features/booking/ManageBookingPage'), 'ManageBookingPage'),
});

/** Booking a consultation, and the link in its e-mails: their own chunks. */
const consultationRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/consultation',
  component: lazyRouteComponent(() => import('./features/consultation/ConsultationPage'), 'ConsultationPage'),
});

const manageConsultationRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/consultations/manage/$token',
  component: lazyRouteComponent(() => import('./features/consultation/ManageConsultationPage'), 'ManageConsultationPage'),
});

/** The partner widget (client/features/embed/): the booking flows without the site's header and footer. */
const embedLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'embed',
  component: EmbedLayout,
});

const embedBookingRoute = createRoute({
  getParentRoute: () => embedLayoutRoute,
  path: '/embed/booking/$eventId',
  component: BookingPage,
});

const embedConsultationRoute = createRoute({
  getParentRoute: () => embedLayoutRoute,
  path: '/embed/consultation',
  component: lazyRouteComponent(() => import('./features/consultation/ConsultationPage'), 'ConsultationPage'),
});

/** Search params are read by hand: zod would add its weight to the first bundle for two strings. */
function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const adminLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/login',
  // sso: why single sign-on came back without a session; step=code: it came back for the second factor.
  validateSearch: (search: Record<string, unknown>): { redirect?: string; sso?: string; step?: string } => ({
    redirect: optionalString(search.redirect),
    sso: optionalString(search.sso),
    step: optionalString(search.step),
  }),
  beforeLoad: async ({ context, search }) => {
    const user = await context.utils.auth.me.ensureData();
    if (user !== null) throw redirect({ to: safeAdminPath(search.redirect) });
  },
  component: lazyRouteComponent(() => import('./features/admin/LoginPage'), 'LoginPage'),
});

const adminSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/setup',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
  component: lazyRouteComponent(() => import('./features/admin/SetupPage'), 'SetupPage'),
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async ({ context, location }) => {
    const user = await context.utils.auth.me.ensureData();
    if (user === null) throw redirect({ to: '/admin/login', search: { redirect: location.pathname } });
    return { user };
  },
  pendingComponent: PageSpinner,
  component: lazyRouteComponent(() => import('./features/admin/AdminLayout'), 'AdminLayout'),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard' });
  },
});

const adminDashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/dashboard',
  component: lazyRouteComponent(() => import('./features/admin/dashboard/DashboardPage'), 'DashboardPage'),
});
const adminEventsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/events',
  // The dashboard's Create New Event quick action arrives with ?create=true: the create form opens.
  validateSearch: (search: Record<string, unknown>): { create?: boolean } => ({
    create: search.create === true || search.create === 'true' ? true : undefined,
  }),
  component: lazyRouteComponent(() => import('./features/admin/events/EventsPage'), 'EventsPage'),
});
const adminSessionsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/sessions',
  component: lazyRouteComponent(() => import('./features/admin/sessions/SessionsPage'), 'SessionsPage'),
});
const adminDelegatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/delegates',
  component: lazyRouteComponent(() => import('./features/admin/delegates/DelegatesPage'), 'DelegatesPage'),
});
const adminBookingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/bookings',
  // Filters live in the URL so a filtered view can be shared and reloaded.
  validateSearch: validateBookingSearch,
  component: lazyRouteComponent(() => import('./features/admin/bookings/BookingsPage'), 'BookingsRoutePage'),
});
const adminCalendarRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/calendar',
  // The week or month shown lives in the URL, so a reload stays on it.
  validateSearch: validateCalendarSearch,
  component: lazyRouteComponent(() => import('./features/admin/calendar/CalendarPage'), 'CalendarRoutePage'),
});
const adminCheckInRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/check-in',
  component: lazyRouteComponent(() => import('./features/admin/check-in/CheckInPage'), 'CheckInPage'),
});
const adminContactsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/contacts',
  component: lazyRouteComponent(() => import('./features/admin/contacts/ContactsPage'), 'ContactsPage'),
});
const adminConsultationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/consultations',
  component: lazyRouteComponent(() => import('./features/admin/consultations/ConsultationsPage'), 'ConsultationsPage'),
});
const adminSettingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/settings',
  // The open tab lives in the URL, so e-mails can link to it (?tab=notifications).
  validateSearch: validateSettingsSearch,
  component: lazyRouteComponent(() => import('./features/admin/settings/SettingsPage'), 'SettingsRoutePage'),
});
const adminAnalyticsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/analytics',
  // Its own chunk with the chart library: no other screen downloads it.
  component: lazyRouteComponent(() => import('./features/admin/analytics/AnalyticsPage'), 'AnalyticsPage'),
});
const adminPaymentsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/payments',
  // Filters live in the URL so a filtered view can be shared and reloaded.
  validateSearch: validatePaymentSearch,
  component: lazyRouteComponent(() => import('./features/admin/payments/PaymentsPage'), 'PaymentsRoutePage'),
});
const adminAuditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/audit',
  component: lazyRouteComponent(() => import('./features/admin/audit/AuditLogPage'), 'AuditLogPage'),
});
const adminPrivacyRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('./features/admin/privacy/PrivacyPage'), 'PrivacyPage'),
});
const adminHomePageRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/home-page',
  component: lazyRouteComponent(() => import('./features/admin/home-page/HomePageEditor'), 'HomePageEditor'),
});

const adminScreens = [
  adminDashboardRoute,
  adminEventsRoute,
  adminSessionsRoute,
  adminDelegatesRoute,
  adminBookingsRoute,
  adminPaymentsRoute,
  adminCalendarRoute,
  adminCheckInRoute,
  adminContactsRoute,
  adminConsultationsRoute,
  adminAnalyticsRoute,
  adminSettingsRoute,
  adminAuditRoute,
  adminHomePageRoute,
  adminPrivacyRoute,
];

/**
 * Any other address, under /admin/ too, is not a page of the site: the not-found page in the public
 * layout (the server answers it with 404; server/shared/site-pages.ts lists what exists). Never the
 * home page or the sign-in page, which would hide the broken link.
 */
const notFoundRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '$',
  component: NotFoundPage,
});

const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren([
    homeRoute,
    eventRoute,
    privacyRoute,
    bookingRoute,
    bookingForEventRoute,
    manageBookingRoute,
    consultationRoute,
    manageConsultationRoute,
    notFoundRoute,
  ]),
  embedLayoutRoute.addChildren([embedBookingRoute, embedConsultationRoute]),
  adminLoginRoute,
  adminSetupRoute,
  adminRoute.addChildren([adminIndexRoute, ...adminScreens]),
]);

/** The server renders with a memory history at the requested address (client/entry-server.tsx). */
export interface ServerRouterOptions {
  history: RouterHistory;
  /** The memory history drives a page rendered in a DOM (a component test), not on the server. */
  inDom?: boolean;
}

/** `basepath`: '/fr' for a page in French (the booking pages, and a missing event's page). */
export function createAppRouter(context: RouterContext, server?: ServerRouterOptions, basepath?: string) {
  return createRouter({
    routeTree,
    context,
    ...(basepath === undefined ? {} : { basepath }),
    defaultPreload: 'intent',
    defaultPendingComponent: PageSpinner,
    // On the server scroll restoration would write an inline script, which the site's
    // Content-Security-Policy refuses; the browser's router restores scroll positions itself.
    scrollRestoration: server === undefined,
    ...(server === undefined ? {} : { history: server.history, isServer: server.inDom !== true }),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
