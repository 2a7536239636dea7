// The Payments table: who (linking to the booking), session and event, invoice, amount (gross, with
// net and tax), reference, deadline, the day it was paid and a badge of where the money stands.
// Dates in the site's zone; an empty value is the shared marker.
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PAYMENT_ROW_STATUS_LABELS, type PaymentRowStatus } from '@server/payments/payment-list-statuses.schemas';
import type { PaymentListItem } from '@server/payments/payments-list.schemas';
import { formatPaymentReference } from '@server/payments/payments.schemas';
import { formatMoney } from '@server/shared/money';
import type { ListColumn } from '@client/features/admin/kit/ListTable';
import { CellText, EmptyValue } from '@client/features/admin/kit/cells';
import { useDates } from '@client/use-dates';

const STATUS_COLORS: Record<PaymentRowStatus, string> = {
  awaiting: 'blue',
  overdue: 'red',
  paid: 'green',
  'refund-due': 'orange',
  refunded: 'gray',
  cancelled: 'gray',
  waitlisted: 'gray',
};

export const PAYMENT_COLUMNS: ListColumn[] = [
  { label: 'Booking' },
  { label: 'Session' },
  { label: 'Invoice' },
  { label: 'Amount' },
  { label: 'Reference' },
  { label: 'Due' },
  { label: 'Paid on' },
  // Wide enough that the badge label is never cut.
  { label: 'Status', minWidth: 150 },
];

/** A calendar day (YYYY-MM-DD) written out: read at noon UTC so no zone moves it to another day. */
function day(dates: ReturnType<typeof useDates>, date: string): string {
  return dates.shortDate(`${date}T12:00:00Z`, 'UTC');
}

export function PaymentRows({ items, timeZone }: { items: PaymentListItem[]; timeZone: string }) {
  const dates = useDates();
  return (
    <>
      {items.map((item) => (
        <Table.Tr key={item.bookingId}>
          <Table.Td>
            <Stack gap={0}>
              <Anchor renderRoot={(props) => <Link {...props} to="/admin/bookings" search={{ bookingId: item.bookingId }} />} size="sm" fw={500}>
                <CellText text={item.participantName} maxWidth={200} />
              </Anchor>
              {item.billingCompany !== null && <CellText text={item.billingCompany} c="dimmed" maxWidth={200} />}
              <CellText text={item.participantEmail} c="dimmed" maxWidth={200} />
            </Stack>
          </Table.Td>
          <Table.Td>
            <Stack gap={0}>
              <CellText text={item.sessionTitle} fw={500} maxWidth={200} />
              <CellText text={item.eventTitle} c="dimmed" maxWidth={200} />
            </Stack>
          </Table.Td>
          <Table.Td>
            {item.invoiceNumber === null ? (
              <EmptyValue label="No invoice" />
            ) : (
              <Stack gap={0}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {item.invoiceNumber}
                </Text>
                {item.invoiceDate !== null && (
                  <Text size="sm" c="dimmed">
                    {day(dates, item.invoiceDate)}
                  </Text>
                )}
                {item.creditNoteNumber !== null && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    Credit note {item.creditNoteNumber}
                  </Text>
                )}
              </Stack>
            )}
          </Table.Td>
          <Table.Td>
            <Stack gap={0}>
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(item.grossMinor, item.currency, 'en-US')}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(item.netMinor, item.currency, 'en-US')} + {formatMoney(item.taxMinor, item.currency, 'en-US')} tax
              </Text>
            </Stack>
          </Table.Td>
          <Table.Td>
            {item.reference === null ? (
              <EmptyValue />
            ) : (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatPaymentReference(item.reference)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{item.dueAt === null ? <EmptyValue /> : <Text size="sm">{dates.shortDate(item.dueAt, timeZone)}</Text>}</Table.Td>
          <Table.Td>{item.paidOn === null ? <EmptyValue label="Not paid" /> : <Text size="sm">{day(dates, item.paidOn)}</Text>}</Table.Td>
          <Table.Td>
            <Badge color={STATUS_COLORS[item.status]} variant="light">
              {PAYMENT_ROW_STATUS_LABELS[item.status]}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
