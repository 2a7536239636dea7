// The page of an address the site does not have (/nope, /fr/nope, /admin/nope), in the site's look
// and the address's language: it says so and offers the places a visitor most likely wanted. The
// server answers it with HTTP 404 (server/pages/pages.route.ts). Plain elements, like the event
// and privacy pages: it is part of the app's first script.
import { useTranslator } from '@client/i18n';
import shared from '@client/features/home/shared.module.css';
import { SiteLink } from '@client/features/layout/site-links';
import classes from './NotFoundPage.module.css';

export function NotFoundPage() {
  const { t } = useTranslator();
  return (
    <section className={shared.section} aria-labelledby="not-found-title">
      <div className={`${shared.container} ${classes.body}`}>
        <p className={shared.eyebrow}>{t('notFound.eyebrow')}</p>
        <h1 id="not-found-title" className={classes.title}>
          {t('notFound.title')}
        </h1>
        <p className={classes.text}>{t('notFound.text')}</p>
        <div className={classes.actions}>
          <SiteLink to="/" className={shared.ctaNavy}>
            {t('notFound.home')}
          </SiteLink>
          <SiteLink to="/" hash="events" className={shared.ctaOutline}>
            {t('notFound.events')}
          </SiteLink>
          <SiteLink to="/consultation" className={shared.ctaOutline}>
            {t('notFound.consultation')}
          </SiteLink>
        </div>
      </div>
    </section>
  );
}
