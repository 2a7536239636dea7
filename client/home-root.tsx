// The home page as its own script renders it (client/home.tsx), and the server too
// (client/entry-server.tsx): the public layout and the home page, without the app's router and
// without Mantine's provider. The
// page's links are plain anchors (features/layout/site-links.tsx); the pages they lead to are
// rendered by the server, so a visitor's phone downloads no router to read the home page.
import { HydrateInSlices } from './hydration';
import type { QueryClient } from '@tanstack/react-query';
import { HomePage } from './features/home/HomePage';
import { PublicLayout } from './features/layout/PublicLayout';
import { type PageLanguage, LanguageProvider } from './i18n';
import { DataProviders } from './providers';
import type { TrpcClient } from './trpc';

interface HomeRootProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  page: PageLanguage;
}

export function HomeRoot({ queryClient, trpcClient, page }: HomeRootProps) {
  return (
    <LanguageProvider page={page}>
      <DataProviders queryClient={queryClient} trpcClient={trpcClient}>
        <HydrateInSlices>
          <PublicLayout>
            <HomePage />
          </PublicLayout>
        </HydrateInSlices>
      </DataProviders>
    </LanguageProvider>
  );
}
