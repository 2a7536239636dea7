// The payment block of the manage-my-booking page for a booking awaiting payment: the amount, the
// deadline, the reference to quote and the firm's account, the same facts as the booking's e-mail
// and invoice, so a participant who lost the e-mail can still pay from the link.
import { Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@server/shared/money';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import type { RouterOutputs } from '@client/trpc';

type PaymentDue = NonNullable<RouterOutputs['bookings']['manage']['payment']>;

export function ManagePayment({ payment, timezone }: { payment: PaymentDue; timezone: string }) {
  const { t, locale } = useTranslator();
  const dates = useDates();
  const amount = formatMoney(payment.amountMinor, payment.currency, locale);
  const deadline = dates.dateTime(payment.dueAt, timezone);
  const rows: [string, string][] = [
    [t('email.payment.amount'), amount],
    [t('email.payment.dueBy'), deadline],
    [t('email.payment.reference'), payment.reference],
    ...(payment.bankAccount === null
      ? []
      : ([
          [t('email.payment.accountHolder'), payment.bankAccount.holder],
          ['IBAN', payment.bankAccount.iban],
          ...(payment.bankAccount.bic === '' ? [] : [['BIC', payment.bankAccount.bic]]),
        ] as [string, string][])),
  ];
  return (
    <Stack gap="xs">
      <Title order={3}>{t('manage.payment.title')}</Title>
      <Text size="sm">{t('manage.payment.text', { amount, deadline })}</Text>
      <Table variant="vertical" layout="fixed" withTableBorder aria-label={t('manage.payment.title')}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={140}>
                {label}
              </Table.Th>
              {/* References and IBANs are copied by hand: keep them on one line where they fit, selectable. */}
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
