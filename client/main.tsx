import './features/layout/publicStyles';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app-root';
import { createAppQueryClient, QUERY_STATE_ELEMENT_ID } from './providers';
import { createAppRouter } from './router';
import { createQueryUtils, createTrpcClient } from './trpc';

const queryClient = createAppQueryClient();
const trpcClient = createTrpcClient();
const router = createAppRouter({ queryClient, utils: createQueryUtils(queryClient, trpcClient) });

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const app = <AppRoot queryClient={queryClient} trpcClient={trpcClient} router={router} />;
const serverState = document.getElementById(QUERY_STATE_ELEMENT_ID);

if (serverState !== null && container.firstElementChild !== null) {
  // The server rendered this page (server/http/ssr.ts) with the data it wrote beside the markup: the
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
