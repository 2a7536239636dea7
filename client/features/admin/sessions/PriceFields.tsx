// The session's price: free, or a price per seat in the site's currency with a tax rate, entered
// including or excluding tax as Settings, System says; below, what one seat costs in full.
import { Checkbox, Group, NumberInput, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { trpc } from '@client/trpc';
import { currencyDigits, formatMoney, majorToMinor, priceBreakdown } from '@server/shared/money';
import type { DetailsValues } from './wizard-model';

const LOCALE = 'en';

export function PriceFields({ form }: { form: UseFormReturnType<DetailsValues> }) {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: 5 * 60_000 });
  const includeTax = settings.data?.pricesIncludeTax === true;
  const { paid, currency, priceAmount, taxRatePercent } = form.values;
  const digits = currencyDigits(currency);
  const amountMinor = typeof priceAmount === 'number' ? majorToMinor(priceAmount, currency) : 0;
  const rate = typeof taxRatePercent === 'number' ? taxRatePercent : 0;
  const seat = priceBreakdown({ amountMinor, taxRatePercent: rate }, 1, includeTax);
  const money = (minor: number) => formatMoney(minor, currency, LOCALE);

  return (
    <>
      <Checkbox
        label="Paid session (booked seats are invoiced)"
        {...form.getInputProps('paid', { type: 'checkbox' })}
        onChange={(event) => {
          form.setFieldValue('paid', event.currentTarget.checked);
          form.clearFieldError('priceAmount');
          form.clearFieldError('taxRatePercent');
        }}
      />
      {paid && (
        <>
          <Group align="flex-start">
            <NumberInput
              label={`Price per seat (${currency}, ${includeTax ? 'including' : 'excluding'} tax)`}
              withAsterisk
              min={0}
              decimalScale={digits}
              fixedDecimalScale={digits > 0}
              allowNegative={false}
              {...form.getInputProps('priceAmount')}
            />
            <NumberInput label="Tax rate (%)" withAsterisk min={0} max={100} decimalScale={2} allowNegative={false} {...form.getInputProps('taxRatePercent')} />
          </Group>
          {amountMinor > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              One seat: {money(seat.netMinor)} + {money(seat.taxMinor)} tax = {money(seat.grossMinor)}
            </Text>
          )}
        </>
      )}
    </>
  );
}
