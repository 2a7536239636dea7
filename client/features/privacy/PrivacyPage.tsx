// The public privacy page (/privacy, /fr/privacy): the firm's text as admins wrote it on the Privacy
// screen (plain paragraphs; the French page falls back to the English text), then how long the
// site keeps bookings and contact messages, from the retention settings. Rendered by the server
// with its data (client/event.tsx adopts it); no Mantine component, like the event page.
import { trpc } from '@client/trpc';
import { useTranslator } from '@client/i18n';
import { DEFAULT_LANGUAGE } from '@server/shared/i18n/languages';
import shared from '@client/features/home/shared.module.css';
import classes from './PrivacyPage.module.css';

/** Paragraphs are separated by a blank line; single line breaks stay inside a paragraph. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

export function PrivacyPage() {
  const { t, language } = useTranslator();
  const page = trpc.privacy.page.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (page.data === undefined) {
    return (
      <section className={shared.section}>
        <div className={shared.container}>
          <h1 className={classes.title}>{t('privacy.title')}</h1>
          <p role="status">{page.isError ? t('privacy.failed') : t('privacy.loading')}</p>
        </div>
      </section>
    );
  }
  const { policyEn, policyFr, bookingRetentionMonths, contactRetentionMonths } = page.data;
  const own = language === 'fr' ? policyFr : language === DEFAULT_LANGUAGE ? policyEn : null;
  // A language without its own text shows the English one, marked as English for screen readers.
  const textLanguage = own === null ? DEFAULT_LANGUAGE : language;
  return (
    <section className={shared.section} aria-labelledby="privacy-title">
      <div className={`${shared.container} ${classes.text}`}>
        <h1 id="privacy-title" className={classes.title}>
          {t('privacy.title')}
        </h1>
        <div lang={textLanguage === language ? undefined : textLanguage}>
          {paragraphsOf(own ?? policyEn).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <h2 className={classes.heading}>{t('privacy.retention.title')}</h2>
        <p>
          {bookingRetentionMonths === null
            ? t('privacy.retention.bookingsKept')
            : t('privacy.retention.bookings', { months: bookingRetentionMonths })}
        </p>
        <p>
          {contactRetentionMonths === null
            ? t('privacy.retention.contactsKept')
            : t('privacy.retention.contacts', { months: contactRetentionMonths })}
        </p>
        <h2 className={classes.heading}>{t('privacy.statistics.title')}</h2>
        <p>{t('privacy.statistics.what')}</p>
        <p>{t('privacy.statistics.why')}</p>
      </div>
    </section>
  );
}
