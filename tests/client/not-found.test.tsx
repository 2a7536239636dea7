// The app's route tree and the server agree on which addresses are pages (server/shared/site-pages.ts):
// every route of client/router.tsx is one, and an address that is not one shows the not-found page
// under the public layout, under /admin/ too, instead of sending the visitor home or to sign in.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '@client/router';
import { createQueryUtils, createTrpcClient } from '@client/trpc';
import { isSitePage } from '@server/shared/site-pages';
import { renderWithProviders, UNREACHABLE } from './render';

function appRouterAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return createAppRouter({ queryClient, utils: createQueryUtils(queryClient, createTrpcClient(UNREACHABLE)) }, { history: createMemoryHistory({ initialEntries: [path] }), inDom: true });
}

describe('the route tree', () => {
  it('has a page for each route that the server also calls a page, and one catch-all', () => {
    const paths = Object.keys(appRouterAt('/').routesByPath);
    const catchAll = paths.filter((path) => path.endsWith('$') && !path.endsWith('/$eventId') && !path.endsWith('/$token'));
    expect(catchAll).toEqual(['/$']);
    const notPages = paths
      .filter((path) => path !== '/$')
      .map((path) => path.replace(/\$\w+/g, 'an-id'))
      .filter((path) => !isSitePage(path));
    expect(notPages).toEqual([]);
  });

  it.each(['/nope', '/admin/nope', '/booking/a/b'])('shows the not-found page at %s', async (path) => {
    const router = appRouterAt(path);
    await act(() => router.load());
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute('href', '/consultation');
    expect(router.state.location.pathname).toBe(path);
  });
});
