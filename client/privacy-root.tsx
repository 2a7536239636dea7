// The privacy page as its script renders it (client/event.tsx, shared with the event pages), and the server too
// (client/entry-server.tsx): the public layout and the page, without the app's router or Mantine's
// provider, like an event's page (client/event-root.tsx). Its links are plain anchors.
import { HydrateInSlices } from './hydration';
import type { QueryClient } from '@tanstack/react-query';
import { PrivacyPage } from './features/privacy/PrivacyPage';
import { PublicLayout } from './features/layout/PublicLayout';
import { PlainLink, SiteNavigationProvider } from './features/layout/site-links';
import { type PageLanguage, LanguageProvider } from './i18n';
import { DataProviders } from './providers';
import type { TrpcClient } from './trpc';

/** The privacy page's address, without its language's prefix. */
export const PRIVACY_PAGE_PATH = '/privacy';

interface PrivacyRootProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  page: PageLanguage;
}

export function PrivacyRoot({ queryClient, trpcClient, page }: PrivacyRootProps) {
  return (
    <LanguageProvider page={page}>
      <DataProviders queryClient={queryClient} trpcClient={trpcClient}>
        <SiteNavigationProvider value={{ pathname: PRIVACY_PAGE_PATH, Link: PlainLink }}>
          <HydrateInSlices>
            <PublicLayout>
              <PrivacyPage />
            </PublicLayout>
          </HydrateInSlices>
        </SiteNavigationProvider>
      </DataProviders>
    </LanguageProvider>
  );
}
