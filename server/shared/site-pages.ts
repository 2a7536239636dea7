// Which addresses are pages of the site: the public pages (in every language, languages.ts) and the
// back office's screens. Anything else is "not found" (HTTP 404, the site's own page), never the home
// page. Pure: the server answers with it and the client's route tree must agree
// (tests/client/not-found.test.tsx checks each route of client/router.tsx against it).
import { isTranslatedPage } from './i18n/languages';

/** The back office's screens, under /admin/. */
export const ADMIN_SCREENS = [
  'dashboard',
  'events',
  'sessions',
  'delegates',
  'bookings',
  'calendar',
  'check-in',
  'contacts',
  'consultations',
  'analytics',
  'payments',
  'settings',
  'audit',
  'privacy',
  'home-page',
] as const;

const ADMIN_PAGE = new RegExp(`^/admin(?:/(?:login|setup|${ADMIN_SCREENS.join('|')}))?/?$`);

/** Whether `path` (without a language prefix) is a page of the site; one trailing slash is allowed. */
export function isSitePage(path: string): boolean {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return isTranslatedPage(bare) || ADMIN_PAGE.test(bare);
}

/** Where the not-found page is rendered on the server (once per language): no page of the site has it. */
export const NOT_FOUND_PATH = '/404';
