// The page's date formatter (server/shared/format-date.ts), in its own module rather than on the
// translator: the home page formats no date, and leaving the formatter out of its script keeps it
// within its 100 KB budget (about 1 KB of Intl code).
import { type DateFormatter, dateFormatter } from '@server/shared/format-date';
import { useTranslator } from './i18n';

/** Every date and time the page shows, in its language. */
export function useDates(): DateFormatter {
  const { locale, t } = useTranslator();
  return dateFormatter({ locale, t });
}
