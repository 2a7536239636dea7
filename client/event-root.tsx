// An event's page as its own script renders it (client/event.tsx), and the server too
// (client/entry-server.tsx): the public layout and the event page, without the app's router or
// Mantine's provider, like the home page (client/home-root.tsx). Its links are plain anchors.
import { HydrateInSlices } from './hydration';
import type { QueryClient } from '@tanstack/react-query';
import { EventPage } from './features/event/EventPage';
import { PublicLayout } from './features/layout/PublicLayout';
import { PlainLink, SiteNavigationProvider } from './features/layout/site-links';
import { type PageLanguage, LanguageProvider } from './i18n';
import { DataProviders } from './providers';
import type { TrpcClient } from './trpc';

/** An event page's address: `/events/<id>`. */
export const EVENT_PAGE_PATH = /^\/events\/([^/]+)$/;

/** The event id of an event page's address, or null for any other address. */
export function eventIdOfPath(pathname: string): string | null {
  const encoded = EVENT_PAGE_PATH.exec(pathname)?.[1];
  if (encoded === undefined) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

interface EventRootProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** The page's path without its language's prefix. */
  pathname: string;
  eventId: string;
  page: PageLanguage;
}

export function EventRoot({ queryClient, trpcClient, pathname, eventId, page }: EventRootProps) {
  return (
    <LanguageProvider page={page}>
      <DataProviders queryClient={queryClient} trpcClient={trpcClient}>
        <SiteNavigationProvider value={{ pathname, Link: PlainLink }}>
          <HydrateInSlices>
            <PublicLayout>
              <EventPage eventId={eventId} />
            </PublicLayout>
          </HydrateInSlices>
        </SiteNavigationProvider>
      </DataProviders>
    </LanguageProvider>
  );
}
