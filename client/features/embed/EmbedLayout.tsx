// The partner widget's frame (/embed/booking/<id>, /embed/consultation), shown inside a partner's
// page by /embed.js: the booking flow alone, without the site's header and footer, in the firm's
// colours like every public page. It tells the partner page its height whenever its content's
// changes, so the iframe grows and shrinks with the flow. Links to the rest of the site open it in
// a new tab rather than inside the partner's page.
import { Outlet, useRouterState } from '@tanstack/react-router';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { languageOfPath, pathInLanguage } from '@server/shared/i18n/languages';
import { HEIGHT_MESSAGE } from '@server/shared/embed-widget';
import { widgetPartner } from './widget-partner';
import { MaintenanceNotice } from '@client/features/layout/MaintenanceNotice';
import { usePublicSettings } from '@client/features/layout/PublicLayout';
import { hrefOf, SiteNavigationProvider, type SiteLinkProps } from '@client/features/layout/site-links';
import { useTranslator } from '@client/i18n';
import classes from './embed-layout.module.css';

function NewTabLink({ to, hash, ...anchor }: SiteLinkProps) {
  const { language } = useTranslator();
  return <a href={hrefOf(pathInLanguage(to, language), hash)} target="_blank" rel="noopener" {...anchor} />;
}

/** Posts the content's height to the framing page whenever it changes (ResizeObserver). */
function useReportHeight(content: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = content.current;
    // The partner page's origin as /embed.js gave it: the only window the height is told to.
    const target = widgetPartner();
    if (element === null || target === undefined) return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      // Delivered only if the framing page really is that origin (the browser checks).
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, target);
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [content]);
}

export function EmbedLayout() {
  const pathname = useRouterState({ select: (state) => languageOfPath(state.location.pathname).path });
  const navigation = useMemo(() => ({ pathname, Link: NewTabLink }), [pathname]);
  const { maintenanceMode } = usePublicSettings();
  const content = useRef<HTMLDivElement>(null);
  useReportHeight(content);
  return (
    <SiteNavigationProvider value={navigation}>
      <div ref={content} className={classes.widget}>
        <MaintenanceNotice active={maintenanceMode} />
        <main id="main-content" tabIndex={-1} className={classes.main}>
          <Outlet />
        </main>
      </div>
    </SiteNavigationProvider>
  );
}
