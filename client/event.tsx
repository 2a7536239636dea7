// An event page's script: it adopts the markup and data the server rendered (server/http/ssr.ts)
// with EventRoot, the same tree, and needs no router (as client/home.tsx for the home page). The
// server serves an event's page with this script only when it rendered the page (client/event.html).
import './features/layout/public-styles';
// The theme's CSS variables, made in the build from client/theme.ts (scripts/vite/theme-variables.ts).
import 'virtual:theme-variables.css';
import { hydrate } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { EventRoot, eventIdOfPath } from './event-root';
import { languageHeaders, readPageLanguage } from './i18n';
import { languageOfPath } from '@server/shared/i18n/languages';
import { createAppQueryClient, QUERY_STATE_ELEMENT_ID } from './providers';
import { createTrpcClient } from './trpc';

const queryClient = createAppQueryClient();
const container = document.getElementById('root');
const serverState = document.getElementById(QUERY_STATE_ELEMENT_ID);
// The path without the language's prefix (`/fr/events/<id>` is `/events/<id>` in French).
const pathname = languageOfPath(window.location.pathname).path;
const eventId = eventIdOfPath(pathname);
const page = readPageLanguage();
if (container === null || serverState === null || eventId === null || page === null) throw new Error('the event page was not rendered by the server');

hydrate(queryClient, JSON.parse(serverState.textContent ?? '{}'));
hydrateRoot(
  container,
  <EventRoot queryClient={queryClient} trpcClient={createTrpcClient('', languageHeaders(page.language))} pathname={pathname} eventId={eventId} page={page} />,
);
