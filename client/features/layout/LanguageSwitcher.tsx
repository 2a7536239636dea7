// The languages of the page, in the header and the footer: each other language links to this same
// page in it. The link carries `?lang=`, so the server remembers the choice (a cookie) before it sends
// the page: a visitor who picked English is not sent back to French by the browser's language.
// Shown on the pages that exist in every language.
import { useTranslator } from '@client/i18n';
import { isTranslatedPage, LANGUAGE_CODES, LANGUAGE_PARAM, LANGUAGES, pathInLanguage } from '@server/shared/i18n/languages';
import classes from './public-layout.module.css';
import { useSiteNavigation } from './site-links';

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, language } = useTranslator();
  const { pathname } = useSiteNavigation();
  if (!isTranslatedPage(pathname)) return null;
  return (
    <ul className={className === undefined ? classes.languages : `${classes.languages} ${className}`} aria-label={t('layout.language.label')}>
      {LANGUAGE_CODES.map((code) => (
        <li key={code}>
          {code === language ? (
            <span className={classes.languageCurrent} lang={code} aria-current="true">
              {LANGUAGES[code].name}
            </span>
          ) : (
            <a className={classes.languageLink} href={`${pathInLanguage(pathname, code)}?${LANGUAGE_PARAM}=${code}`} hrefLang={code} lang={code}>
              {LANGUAGES[code].name}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
