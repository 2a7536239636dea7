// Links of the public pages without a router. The home page is served with a script of its own that
// carries no router (client/home.tsx): its links are plain anchors, and following one loads the next
// page, which the server renders. The booking pages run under the app's router (client/router.tsx),
// which provides its own Link here, so moving between them stays in the page.
import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from 'react';
import { useTranslator } from '@client/i18n';
import { pathInLanguage } from '@server/shared/i18n/languages';

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the site, e.g. '/booking' or '/booking/<event id>'. */
  to: string;
  /** A section of that page, without '#'. */
  hash?: string;
  'data-current'?: boolean;
}

export interface SiteNavigation {
  /** The path of the page shown, without its language's prefix. */
  pathname: string;
  Link: ComponentType<SiteLinkProps>;
}

export function hrefOf(to: string, hash: string | undefined): string {
  return hash === undefined ? to : `${to}#${hash}`;
}

export function PlainLink({ to, hash, ...anchor }: SiteLinkProps) {
  return <a href={hrefOf(to, hash)} {...anchor} />;
}

/** Without a provider: the home page's own script, at '/'. */
const SiteNavigationContext = createContext<SiteNavigation>({ pathname: '/', Link: PlainLink });

export const SiteNavigationProvider = SiteNavigationContext.Provider;

export function useSiteNavigation(): SiteNavigation {
  return useContext(SiteNavigationContext);
}

/**
 * A link of the public pages: an anchor on the home page, the router's Link on the booking pages.
 * `to` is the English path; a page that exists in the page's language is linked in that language.
 */
export function SiteLink({ to, ...props }: SiteLinkProps) {
  const { Link } = useSiteNavigation();
  const { language } = useTranslator();
  return <Link to={pathInLanguage(to, language)} {...props} />;
}
