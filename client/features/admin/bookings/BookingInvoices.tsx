// The Invoices block of a booking's detail: its invoices and credit notes, each with its number,
// date, total and a link to its PDF. A booking without any (a free session) shows no block.
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { trpc } from '@client/trpc';
import { failureText } from '@client/features/admin/kit/notify';
import { formatMoney } from '@server/shared/money';
import { useDates } from '@client/use-dates';

export function BookingInvoices({ bookingId }: { bookingId: string }) {
  const dates = useDates();
  const invoices = trpc.invoices.forBooking.useQuery({ bookingId });
  if (invoices.isPending) return null;
  if (invoices.isError) return <Text c="red" size="sm">{failureText('Failed to load the invoices', invoices.error)}</Text>;
  if (invoices.data.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id="booking-invoices">
        Invoices
      </Text>
      <Table aria-labelledby="booking-invoices" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.data.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>
                <Anchor href={invoice.pdfPath} target="_blank" rel="noopener">
                  {invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} {invoice.number}
                </Anchor>
                {invoice.creditedInvoiceNumber !== null && (
                  <Text size="xs" c="dimmed">
                    Cancels {invoice.creditedInvoiceNumber}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{dates.shortDate(`${invoice.issueDate}T12:00:00Z`, 'UTC')}</Table.Td>
              <Table.Td ta="right">{formatMoney(invoice.grossMinor, invoice.currency, 'en-US')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
