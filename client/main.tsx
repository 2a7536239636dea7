import './zod-jitless';
import './features/layout/public-styles';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app-root';
import { createAppQueryClient, QUERY_STATE_ELEMENT_ID } from './providers';
import { languageHeaders, type PageLanguage, readPageLanguage } from './i18n';
import { createAppRouter } from './router';
import { isTranslatedPage, languageOfPath } from '@server/shared/i18n/languages';
import { sendStep } from './features/analytics/beacon';
import { createQueryUtils, createTrpcClient } from './trpc';

const queryClient = createAppQueryClient();
// A page under a language's prefix (/fr/...) routes below it: the server sends one here only for a
// translated page it could not render, such as a missing event's, which then says so in its language.
const address = languageOfPath(window.location.pathname);
const trpcClient = createTrpcClient('', languageHeaders(address.language));
const router = createAppRouter(
  { queryClient, utils: createQueryUtils(queryClient, trpcClient) },
  undefined,
  address.prefixed ? `/${address.language}` : undefined,
);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

/** A page view of each public page the app shows (a manage link's page is not counted: its address is a key). */
router.subscribe('onResolved', ({ toLocation }) => {
  const { path } = languageOfPath(toLocation.pathname);
  if (!isTranslatedPage(path) || path.includes('/manage/')) return;
  sendStep('pageview');
  const eventPage = /^\/events\/([^/]+)$/.exec(path);
  if (eventPage?.[1] !== undefined) sendStep('event-viewed', eventPage[1]);
});

/**
 * The page's language and catalog as the server wrote them; under Vite's dev server, which serves
 * index.html as it is, the catalog of the address's language is loaded (and compiled) instead.
 */
async function pageLanguage(): Promise<PageLanguage> {
  const written = readPageLanguage();
  if (written !== null) return written;
  const { language } = languageOfPath(window.location.pathname);
  const { compiledCatalog } = await import('@server/shared/i18n/catalogs');
  return { language, messages: compiledCatalog(language) };
}

void pageLanguage().then((page) => {
  const app = <AppRoot queryClient={queryClient} trpcClient={trpcClient} router={router} page={page} />;
  const serverState = document.getElementById(QUERY_STATE_ELEMENT_ID);

  if (serverState !== null && container.firstElementChild !== null) {
    // The server rendered this page (server/pages/ssr.ts) with the data it wrote beside the markup: the
    // queries start from that data, the route's code is loaded before React sees the tree, and React
    // adopts the server's markup instead of painting anew.
    hydrate(queryClient, JSON.parse(serverState.textContent ?? '{}'));
    // The server renders the routes without the Suspense boundary a browser-only router adds at its
    // root; marking the router as server-rendered keeps the two trees the same.
    router.ssr = { manifest: undefined };
    void router.load().then(() => hydrateRoot(container, app));
  } else {
    // Back office, sign-in pages, `npm run dev` and signed-in staff: rendered in the browser.
    createRoot(container).render(app);
  }
});
