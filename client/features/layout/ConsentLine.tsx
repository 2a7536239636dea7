// The line under every public form (booking, consultation, contact): sending it agrees to the
// privacy policy, linked in the page's language. Tiny on purpose: the contact form is on the home page.
import { useTranslator } from '@client/i18n';
import classes from './ConsentLine.module.css';
import { SiteLink } from './site-links';

/** Stands for the link in the translated sentence, so each language places it where it belongs. */
const LINK_SLOT = '\u0000';

export function ConsentLine() {
  const { t } = useTranslator();
  const [before = '', after = ''] = t('consent.text', { link: LINK_SLOT }).split(LINK_SLOT);
  return (
    <p className={classes.consent}>
      {before}
      <SiteLink to="/privacy">{t('consent.link')}</SiteLink>
      {after}
    </p>
  );
}
