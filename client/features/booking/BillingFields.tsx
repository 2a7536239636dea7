// A paid session's part of the booking form: what the seat costs (net, tax, total, rounded as the
// invoice will be), how it is paid, and the billing details the invoice is made out to. Its own
// chunk, loaded only when a priced session is chosen: a free session's form weighs what it did.
import { Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { countryOptions } from '@server/registration-questions/registration-questions.schemas';
import { formatMoney, type Price, priceBreakdown } from '@server/shared/money';
import { vatNumberExample } from '@server/shared/vat-numbers';
import { useTranslator } from '@client/i18n';

interface BillingFieldsProps {
  price: Price;
  pricesIncludeTax: boolean;
  country: string;
  inputProps: (field: 'billingCompany' | 'billingAddress' | 'billingCountry' | 'billingVatNumber') => GetInputPropsReturnType;
}

/** The countries by name in each page's language, made on first use. */
const countries = new Map<string, { value: string; label: string }[]>();

export default function BillingFields({ price, pricesIncludeTax, country, inputProps }: BillingFieldsProps) {
  const { t, locale } = useTranslator();
  const options = countries.get(locale) ?? countryOptions(locale);
  countries.set(locale, options);
  const charge = priceBreakdown(price, 1, pricesIncludeTax);
  const money = (minor: number) => formatMoney(minor, price.currency, locale);
  const example = vatNumberExample(country) ?? vatNumberExample('DE') ?? '';
  return (
    <Stack gap="md">
      <Title order={2}>{t('booking.total.title')}</Title>
      <Table withRowBorders={false} verticalSpacing={4} aria-label={t('booking.total.title')}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" fw="normal">{t('booking.total.net')}</Table.Th>
            <Table.Td ta="right">{money(charge.netMinor)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" fw="normal">{t('booking.total.tax', { rate: new Intl.NumberFormat(locale).format(price.taxRatePercent) })}</Table.Th>
            <Table.Td ta="right">{money(charge.taxMinor)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('booking.total.gross')}</Table.Th>
            <Table.Td ta="right" fw={700} data-testid="booking-total">{money(charge.grossMinor)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm">{t('booking.total.how')}</Text>

      <Title order={2}>{t('booking.billing.title')}</Title>
      <Text size="sm">{t('booking.billing.intro')}</Text>
      <TextInput label={t('booking.billing.company')} withAsterisk autoComplete="organization" {...inputProps('billingCompany')} />
      <Textarea label={t('booking.billing.address')} withAsterisk autosize minRows={2} autoComplete="street-address" {...inputProps('billingAddress')} />
      <Select
        label={t('booking.billing.country')}
        withAsterisk
        searchable
        data={options}
        autoComplete="country"
        placeholder={t('booking.question.country')}
        nothingFoundMessage={t('booking.question.noCountry')}
        {...inputProps('billingCountry')}
      />
      <TextInput label={t('booking.billing.vatNumber')} description={t('booking.billing.vatHint', { example })} {...inputProps('billingVatNumber')} />
    </Stack>
  );
}
