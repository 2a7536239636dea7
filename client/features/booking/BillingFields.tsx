// A paid session's part of the booking form: a voucher code, what the seat costs (net, tax, total,
// rounded as the invoice will be, the voucher's discount taken off as the server will), how it is
// paid, and the billing details the invoice is made out to. Its own chunk, loaded only when a
// priced session is chosen: a free session's form weighs what it did.
import { Button, Group, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useState } from 'react';
import { countryOptions } from '@server/registration-questions/registration-questions.schemas';
import { formatMoney, type Price } from '@server/shared/money';
import { vatNumberExample } from '@server/shared/vat-numbers';
import { discountedBreakdown, type VoucherCheck } from '@server/vouchers/vouchers.schemas';
import { useTranslator } from '@client/i18n';
import { fieldErrorsOf, messageOf, trpc } from '@client/trpc';

interface BillingFieldsProps {
  price: Price;
  pricesIncludeTax: boolean;
  country: string;
  inputProps: (field: 'billingCompany' | 'billingAddress' | 'billingCountry' | 'billingVatNumber' | 'voucherCode') => GetInputPropsReturnType;
  /** The slot a voucher is checked against (null: none chosen yet). */
  timeSlotId: string | null;
  voucherCode: string;
  /** The voucher the server accepted for this slot, or null. */
  voucher: VoucherCheck | null;
  onVoucher: (voucher: VoucherCheck | null) => void;
  setVoucherError: (message: string | null) => void;
}

/** The voucher field and its Apply button: the server says what the code takes off, or why not. */
function VoucherField({ timeSlotId, voucherCode, voucher, onVoucher, setVoucherError, inputProps }: Omit<BillingFieldsProps, 'price' | 'pricesIncludeTax' | 'country'>) {
  const words = useTranslator();
  const { t } = words;
  const utils = trpc.useUtils();
  const [checking, setChecking] = useState(false);
  const apply = async () => {
    if (timeSlotId === null || voucherCode.trim() === '') return;
    setChecking(true);
    try {
      onVoucher(await utils.client.vouchers.check.query({ timeSlotId, code: voucherCode }));
      setVoucherError(null);
    } catch (error) {
      onVoucher(null);
      setVoucherError(fieldErrorsOf(error, words).voucherCode ?? messageOf(error, t('booking.failed.text'), words));
    } finally {
      setChecking(false);
    }
  };
  if (voucher !== null) {
    return (
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm" role="status">{t('booking.voucher.applied', { code: voucher.code })}</Text>
        <Button variant="subtle" size="compact-sm" onClick={() => onVoucher(null)}>
          {t('booking.voucher.remove')}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <TextInput
        label={t('booking.voucher.label')}
        autoComplete="off"
        style={{ flex: 1 }}
        {...inputProps('voucherCode')}
        onKeyDown={(event) => {
          // Enter applies the code rather than sending the whole form.
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
      />
      <Button variant="default" loading={checking} disabled={timeSlotId === null || voucherCode.trim() === ''} onClick={() => void apply()}>
        {t('booking.voucher.apply')}
      </Button>
    </Group>
  );
}

/** The countries by name in each page's language, made on first use. */
const countries = new Map<string, { value: string; label: string }[]>();

export default function BillingFields({ price, pricesIncludeTax, country, inputProps, ...voucherProps }: BillingFieldsProps) {
  const { t, locale } = useTranslator();
  const options = countries.get(locale) ?? countryOptions(locale);
  countries.set(locale, options);
  const { voucher } = voucherProps;
  const charge = discountedBreakdown(price, 1, pricesIncludeTax, voucher?.discount ?? null);
  const money = (minor: number) => formatMoney(minor, price.currency, locale);
  const example = vatNumberExample(country) ?? vatNumberExample('DE') ?? '';
  return (
    <Stack gap="md">
      <Title order={2}>{t('booking.total.title')}</Title>
      <VoucherField inputProps={inputProps} {...voucherProps} />
      <Table withRowBorders={false} verticalSpacing={4} aria-label={t('booking.total.title')}>
        <Table.Tbody>
          {voucher !== null && (
            <>
              <Table.Tr>
                <Table.Th scope="row" fw="normal">{t('booking.total.price')}</Table.Th>
                <Table.Td ta="right">{money(charge.lineMinor)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row" fw="normal">{t('booking.total.discount', { code: voucher.code })}</Table.Th>
                <Table.Td ta="right" data-testid="booking-discount">{money(-charge.discountMinor)}</Table.Td>
              </Table.Tr>
            </>
          )}
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
