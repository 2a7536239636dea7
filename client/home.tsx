// The home page's script: it adopts the markup and data the server rendered (server/pages/ssr.ts)
// with HomeRoot, the same tree, and needs no router. The server serves the home page with this
// script only when it rendered the page (client/home.html); otherwise `/` is the app's page
// (client/main.tsx), whose router shows the same home page.
import './zod-jitless';
import './features/layout/public-styles';
// The theme's CSS variables, made in the build from client/theme.ts (scripts/vite/theme-variables.ts).
import 'virtual:theme-variables.css';
import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { HomeRoot } from './home-root';
import { languageHeaders, readPageLanguage } from './i18n';
import { createAppQueryClient, QUERY_STATE_ELEMENT_ID } from './providers';
import { createTrpcClient } from './trpc';
import { countPageView } from './features/analytics/beacon';

const queryClient = createAppQueryClient();
const container = document.getElementById('root');
const serverState = document.getElementById(QUERY_STATE_ELEMENT_ID);
const page = readPageLanguage();
if (container === null || serverState === null || page === null) throw new Error('the home page was not rendered by the server');

hydrate(queryClient, JSON.parse(serverState.textContent ?? '{}'));
hydrateRoot(container, <HomeRoot queryClient={queryClient} trpcClient={createTrpcClient('', languageHeaders(page.language))} page={page} />);
countPageView();
