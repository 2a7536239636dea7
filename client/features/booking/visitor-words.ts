// The words around a slot's times (server/shared/visitor-time.ts) in the page's language.
import type { Translator } from '@client/i18n';
import type { VisitorTimeWords } from '@server/shared/visitor-time';

export function visitorTimeWords({ t, locale }: Translator): VisitorTimeWords {
  return {
    locale,
    nextDay: (time) => t('time.nextDay', { time }),
    yourTime: (city) => t('time.yourTime', { city }),
    atEvent: (time, place) => t('time.atEvent', { time, place }),
  };
}
