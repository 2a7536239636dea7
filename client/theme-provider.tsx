// Mantine's theme for the app (client/app-root.tsx) and for the parts of the home page built with
// Mantine, which load later in chunks of their own (the contact form).
import { MantineContext, MantineProvider } from '@mantine/core';
import { type ReactNode, useContext } from 'react';
import { DataProviders } from './providers';
import { cssVariablesResolver, theme } from './theme';
import type { QueryClient } from '@tanstack/react-query';
import type { TrpcClient } from './trpc';

/** The app's providers: data and Mantine's theme. */
export function Providers({ queryClient, trpcClient, children }: { queryClient: QueryClient; trpcClient: TrpcClient; children: ReactNode }) {
  return (
    <DataProviders queryClient={queryClient} trpcClient={trpcClient}>
      <ThemeProvider>{children}</ThemeProvider>
    </DataProviders>
  );
}

/** Mantine's theme, once: inside the app, a part that brings its own (the contact form) adds none. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const withinTheme = useContext(MantineContext) !== null;
  if (withinTheme) return children;
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
