// The app under its router (client/router.tsx): the back office, the booking pages, and the home
// page when the browser renders it (signed-in staff, `npm run dev`). The same tree in the browser
// (client/main.tsx) and on the server (client/entry-server.tsx).
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type PageLanguage, LanguageProvider } from './i18n';
import { Providers } from './theme-provider';
import type { createAppRouter } from './router';
import type { TrpcClient } from './trpc';

interface AppRootProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  router: ReturnType<typeof createAppRouter>;
  page: PageLanguage;
}

export function AppRoot({ queryClient, trpcClient, router, page }: AppRootProps) {
  return (
    <LanguageProvider page={page}>
      <Providers queryClient={queryClient} trpcClient={trpcClient}>
        <RouterProvider router={router} />
      </Providers>
    </LanguageProvider>
  );
}
