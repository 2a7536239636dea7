// The public layout as a route of the app's router (the booking pages, and the home page when the
// browser renders it for signed-in staff or under `npm run dev`): its links are the router's, so
// moving between the public pages stays in the page.
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { languageOfPath } from '@server/shared/i18n/languages';
import { PublicLayout } from './PublicLayout';
import { type SiteLinkProps, SiteNavigationProvider } from './site-links';

/** Only the link whose hash is in the address counts as the current one, as for a plain anchor. */
const activeOptions = { exact: true, includeHash: true } as const;

function RouterSiteLink({ to, hash, ...anchor }: SiteLinkProps) {
  // `to` is any path of the site; the router's typed paths cannot see which at compile time. Under a
  // language's prefix the router adds it itself (its basepath), so the path goes without it.
  return <Link to={languageOfPath(to).path as '/'} hash={hash} activeOptions={activeOptions} {...anchor} />;
}

export function PublicRouteLayout() {
  const pathname = useRouterState({ select: (state) => languageOfPath(state.location.pathname).path });
  const navigation = useMemo(() => ({ pathname, Link: RouterSiteLink }), [pathname]);
  return (
    <SiteNavigationProvider value={navigation}>
      <PublicLayout>
        <Outlet />
      </PublicLayout>
    </SiteNavigationProvider>
  );
}
