// Frame of every public page: skip link, header, maintenance notice, the page, footer.
import type { MouseEvent, ReactNode } from 'react';
import { trpc } from '@client/trpc';
import { EMPTY_IDENTITY, identityIn, siteDescriptionIn } from '@server/shared/site-identity';
import { defaultHomeContent } from '@client/features/home/content';
import { homeContentIn } from '@server/shared/home-content';
import { MaintenanceNotice } from './MaintenanceNotice';
import './focus.css';
import classes from './public-layout.module.css';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useTranslator } from '@client/i18n';
import { textOr } from './text-or';

const SETTINGS_STALE_MS = 5 * 60_000;


/**
 * Public settings, the identity's texts in the page's language (French when the Site tab has it,
 * else English). The server renders every public page with them; should they fail to load in the
 * browser, no name and no contact details are shown (nothing of another firm's).
 */
export function usePublicSettings() {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: SETTINGS_STALE_MS });
  const { language } = useTranslator();
  const stored = settings.data?.identity ?? EMPTY_IDENTITY;
  const identity = identityIn(stored, language);
  return {
    siteName: textOr(settings.data?.siteName, ''),
    /** The footer's line under the name: the tagline, else the short description. */
    siteDescription: textOr(identity.tagline ?? siteDescriptionIn(settings.data?.siteDescription ?? null, stored, language), ''),
    identity,
    maintenanceMode: settings.data?.maintenanceMode === true,
    allowRegistrations: settings.data?.allowRegistrations !== false,
    /** Whether session prices are shown including tax (Settings, System). */
    pricesIncludeTax: settings.data?.pricesIncludeTax === true,
  };
}

/** Moves focus to the page itself without touching the URL (the router owns the hash). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main-content');
  if (main === null) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const { t, language } = useTranslator();
  const { siteName, siteDescription, identity, maintenanceMode, allowRegistrations } = usePublicSettings();
  // The footer lists the services staff edit on the home page (the same query and cache entry as
  // the home page's); the shipped texts stand in while it loads or if it cannot be loaded.
  const home = trpc.homePage.get.useQuery(undefined, { staleTime: SETTINGS_STALE_MS });
  const services = homeContentIn(home.data ?? defaultHomeContent, language).services;
  return (
    <div className={classes.page}>
      <a href="#main-content" className={classes.skipLink} onClick={skipToMain}>
        {t('layout.skipLink')}
      </a>
      <SiteHeader siteName={siteName} logoUrl={identity.logoUrl} bookingOpen={!maintenanceMode && allowRegistrations} />
      <MaintenanceNotice active={maintenanceMode} />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter
        siteName={siteName}
        siteDescription={siteDescription}
        identity={identity}
        services={services}
        bookingOpen={!maintenanceMode && allowRegistrations}
      />
    </div>
  );
}
