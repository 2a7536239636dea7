// The invoices block of the manage-my-booking page: each invoice and credit note of the booking,
// its date and total, and a link that opens its PDF with the page's own token. A booking without
// any (a free session) shows nothing. Fetched once, like the booking: the call counts against the
// public rate limit.
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '@server/shared/money';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import { trpc } from '@client/trpc';

export function ManageInvoices({ token }: { token: string }) {
  const { t, locale } = useTranslator();
  const dates = useDates();
  const invoices = trpc.invoices.forManageLink.useQuery({ token }, { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Infinity, retry: false });
  if (invoices.data === undefined || invoices.data.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3}>{t('manage.invoices.title')}</Title>
      <List spacing="xs" listStyleType="none" pl={0}>
        {invoices.data.map((invoice) => (
          <List.Item key={invoice.number}>
            <Anchor href={invoice.pdfPath} target="_blank" rel="noopener">
              {t(invoice.kind === 'invoice' ? 'manage.invoices.invoice' : 'manage.invoices.creditNote', { number: invoice.number })}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('manage.invoices.issued', {
                date: dates.shortDate(`${invoice.issueDate}T12:00:00Z`, 'UTC'),
                amount: formatMoney(invoice.grossMinor, invoice.currency, locale),
              })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
