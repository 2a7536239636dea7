// A session's price in words, as the event page and the booking form say it: '€119.00 per seat,
// excl. 19% tax'. A free session says nothing (it reads exactly as before prices existed).
import type { Translator } from '@client/i18n';
import { formatMoney, type Price } from '@server/shared/money';

export function priceText(price: Price | null, pricesIncludeTax: boolean, { t, locale }: Pick<Translator, 't' | 'locale'>): string | null {
  if (price === null) return null;
  const values = { amount: formatMoney(price.amountMinor, price.currency, locale), rate: new Intl.NumberFormat(locale).format(price.taxRatePercent) };
  return pricesIncludeTax ? t('event.price.includingTax', values) : t('event.price.excludingTax', values);
}
