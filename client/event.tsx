// The script of an event's page and of the privacy page: it adopts the markup and data the server
// rendered (server/pages/ssr.ts) with the same tree (EventRoot, PrivacyRoot) and needs no router (as
// client/home.tsx for the home page). The server serves these pages with this script only when it
// rendered them (client/event.html). One script for both keeps the pages' shared code in the chunks
// the home page already loads.
import './zod-jitless';
import './features/layout/public-styles';
// The theme's CSS variables, made in the build from client/theme.ts (scripts/vite/theme-variables.ts).
import 'virtual:theme-variables.css';
import { hydrate } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { EventRoot, eventIdOfPath } from './event-root';
import { countPageView } from './features/analytics/beacon';
import { PRIVACY_PAGE_PATH, PrivacyRoot } from './privacy-root';
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
if (container === null || serverState === null || page === null || (eventId === null && pathname !== PRIVACY_PAGE_PATH)) {
  throw new Error('the page was not rendered by the server');
}

hydrate(queryClient, JSON.parse(serverState.textContent ?? '{}'));
const trpcClient = createTrpcClient('', languageHeaders(page.language));
const root: ReactElement =
  eventId === null ? (
    <PrivacyRoot queryClient={queryClient} trpcClient={trpcClient} page={page} />
  ) : (
    <EventRoot queryClient={queryClient} trpcClient={trpcClient} pathname={pathname} eventId={eventId} page={page} />
  );
hydrateRoot(container, root);
countPageView(eventId ?? undefined);
