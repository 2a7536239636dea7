// Server rendering of the public pages. The server (server/pages/ssr.ts) asks which queries a page
// needs (publicQueriesOf), runs them through the API's own procedures, and hands their dehydrated
// state to render(), which renders the same tree the browser hydrates (client/home.tsx for the home
// page, client/event.tsx for an event's page, client/event.tsx for the privacy page too, client/main.tsx for the others) with React's streaming renderer. Built by scripts/build.mjs into `<client folder>-ssr/entry-server.js`.
import './zod-config';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { ReactElement } from 'react';
import { AppRoot } from './app-root';
import { EventRoot, eventIdOfPath } from './event-root';
import { PRIVACY_PAGE_PATH, PrivacyRoot } from './privacy-root';
import { HOME_EVENT_LIMIT } from './features/home/EventsSection';
import { HomeRoot } from './home-root';
import { createAppQueryClient, QUERY_STATE_ELEMENT_ID } from './providers';
import { createAppRouter } from './router';
import { createQueryUtils, createTrpcClient, type RouterInputs } from './trpc';
import { pageCatalog } from '@server/shared/i18n/catalogs';
import { isTranslatedPage, languageOfPath } from '@server/shared/i18n/languages';
import { isSitePage } from '@server/shared/site-pages';

export { QUERY_STATE_ELEMENT_ID };

/** A public read a page shows at once, with the input its component passes. */
export type PublicQuery =
  | { path: 'settings.public' }
  | { path: 'homePage.get' }
  | { path: 'events.list'; input: RouterInputs['events']['list'] }
  | { path: 'sessions.listByEvent'; input: RouterInputs['sessions']['listByEvent'] }
  | { path: 'events.page'; input: RouterInputs['events']['page'] }
  | { path: 'privacy.page' };

const BOOKING_FOR_EVENT = /^\/booking\/([^/]+)$/;
/** The partner widget's form for one event: the booking form's data, without the site's footer. */
const EMBED_BOOKING = /^\/embed\/booking\/([^/]+)$/;

/**
 * The queries of a server-rendered page, or null for a page the browser renders (back office,
 * sign-in, the private manage link). The inputs must be the ones the components pass, so the
 * browser finds the data under the same query keys.
 */
export function publicQueriesOf(address: string): PublicQuery[] | null {
  // A page in another language shows the same data; only translated pages have such an address.
  const { path: pathname, prefixed } = languageOfPath(address);
  // The not-found page (server/pages/pages.route.ts renders it at NOT_FOUND_PATH): the layout's data.
  if (!isSitePage(pathname)) return [{ path: 'settings.public' }, { path: 'homePage.get' }];
  if (prefixed && !isTranslatedPage(pathname)) return null;
  if (pathname === '/') {
    return [{ path: 'settings.public' }, { path: 'homePage.get' }, { path: 'events.list', input: { limit: HOME_EVENT_LIMIT } }];
  }
  // Every public page's footer lists the home content's services: homePage.get on each.
  if (pathname === PRIVACY_PAGE_PATH) return [{ path: 'settings.public' }, { path: 'homePage.get' }, { path: 'privacy.page' }];
  if (pathname === '/booking') return [{ path: 'settings.public' }, { path: 'homePage.get' }, { path: 'events.list', input: undefined }];
  const eventId = eventIdOfPath(pathname);
  if (eventId !== null) return [{ path: 'settings.public' }, { path: 'homePage.get' }, { path: 'events.page', input: { id: eventId } }];
  const match = BOOKING_FOR_EVENT.exec(pathname);
  if (match?.[1] !== undefined && match[1] !== 'manage') {
    const eventId = decodeURIComponent(match[1]);
    return [
      { path: 'settings.public' },
      { path: 'homePage.get' },
      { path: 'events.list', input: undefined },
      { path: 'sessions.listByEvent', input: { eventId } },
    ];
  }
  const embedded = EMBED_BOOKING.exec(pathname)?.[1];
  if (embedded !== undefined) {
    const eventId = decodeURIComponent(embedded);
    return [{ path: 'settings.public' }, { path: 'events.list', input: undefined }, { path: 'sessions.listByEvent', input: { eventId } }];
  }
  return null;
}

/**
 * The built page a server-rendered path is written into: the home page and the event pages have a
 * script of their own without the app's router (client/home.tsx, client/event.tsx); the booking
 * pages hydrate the app (client/main.tsx).
 */
export function pageTemplateOf(address: string): 'home.html' | 'event.html' | 'index.html' {
  const pathname = languageOfPath(address).path;
  if (pathname === '/') return 'home.html';
  // The privacy page shares the event pages' script (client/event.tsx).
  if (pathname === PRIVACY_PAGE_PATH) return 'event.html';
  return eventIdOfPath(pathname) === null ? 'index.html' : 'event.html';
}

/** How long a render may take before it is abandoned (the page is then rendered in the browser). */
const RENDER_TIMEOUT_MS = 5_000;

/** The markup inside #root for `url`, rendered with the queries' data already in the cache. */
export async function render(address: string, state: DehydratedState): Promise<string> {
  // The page in its language, with the catalog the server also writes into it for the browser.
  const { language, path: url, prefixed } = languageOfPath(address);
  const page = { language, messages: pageCatalog(language, 'app') };
  const queryClient = createAppQueryClient();
  hydrate(queryClient, state);
  // Never called while rendering: components read the prefetched data and fetch nothing on the server.
  const trpcClient = createTrpcClient('http://127.0.0.1');
  let root: ReactElement;
  const eventId = eventIdOfPath(url);
  if (pageTemplateOf(url) === 'home.html') {
    root = <HomeRoot queryClient={queryClient} trpcClient={trpcClient} page={page} />;
  } else if (url === PRIVACY_PAGE_PATH) {
    root = <PrivacyRoot queryClient={queryClient} trpcClient={trpcClient} page={page} />;
  } else if (eventId !== null) {
    root = <EventRoot queryClient={queryClient} trpcClient={trpcClient} pathname={url} eventId={eventId} page={page} />;
  } else {
    // A page under a language's prefix routes below it, as the browser's router does (client/main.tsx).
    const router = createAppRouter(
      { queryClient, utils: createQueryUtils(queryClient, trpcClient) },
      { history: createMemoryHistory({ initialEntries: [prefixed ? address : url] }) },
      prefixed ? `/${language}` : undefined,
    );
    // Matches the route and loads its code (the booking page is a lazy chunk in the browser).
    await router.load();
    root = <AppRoot queryClient={queryClient} trpcClient={trpcClient} router={router} page={page} />;
  }

  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: unknown;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        if (failure === undefined) resolve(Buffer.concat(chunks).toString('utf8'));
        else reject(failure instanceof Error ? failure : new Error(String(failure)));
        done();
      },
    });
    const stream = renderToPipeableStream(root, {
      // Inline scripts that move streamed parts into place would be refused by the site's
      // Content-Security-Policy (no 'unsafe-inline'), so no part is streamed apart: React outlines a
      // Suspense boundary larger than this many bytes, and the home page's content is larger than
      // its default (12.5 kB).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // The whole page at once: its data is already here, and the result is kept for the next visitor.
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        failure ??= error;
      },
    });
    const timer = setTimeout(() => {
      const error = new Error(`Rendering ${url} took longer than ${RENDER_TIMEOUT_MS} ms.`);
      stream.abort(error);
      reject(error);
    }, RENDER_TIMEOUT_MS);
  });
}
