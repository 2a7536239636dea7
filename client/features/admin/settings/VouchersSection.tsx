// Vouchers (admins only), in Settings > Billing below the firm's billing details: the codes buyers
// type on a paid session's booking form, what each takes off, when and how often it may be used,
// and for which events. A used voucher cannot be deleted: its last day ends it.
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@server/shared/money';
import type { VoucherDto } from '@server/vouchers/vouchers.service';
import { trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { VoucherFormModal } from './VoucherFormModal';

function discountOf(row: VoucherDto): string {
  if (row.percent !== null) return `${new Intl.NumberFormat('en').format(row.percent)}%`;
  return formatMoney(row.amountMinor ?? 0, row.currency ?? 'EUR', 'en');
}

function daysOf(row: VoucherDto): string {
  if (row.validFrom === null && row.validUntil === null) return 'Any day';
  return `${row.validFrom ?? '…'} to ${row.validUntil ?? '…'}`;
}

export function VouchersSection({ currency }: { currency: string }) {
  const [page, setPage] = useState(1);
  const vouchers = trpc.vouchers.list.useQuery({ page }, { placeholderData: (previous) => previous });
  const [editing, setEditing] = useState<{ voucher: VoucherDto | null } | null>(null);
  const [deleting, setDeleting] = useState<VoucherDto | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.vouchers.delete.useMutation({
    onSuccess: async () => {
      notifySuccess('Voucher deleted');
      setDeleting(null);
      await utils.vouchers.list.invalidate();
    },
    onError: (error) => notifyError(failureText('Failed to delete voucher', error)),
  });

  return (
    <>
      <ListPage
        level={2}
        title="Vouchers"
        subtitle="Codes buyers type on a paid session's booking form for a percentage or an amount off."
        actions={<Button onClick={() => setEditing({ voucher: null })}>New Voucher</Button>}
        query={vouchers}
        tableLabel="Vouchers"
        minWidth={640}
        compact
        striped
        columns={[{ label: 'Code' }, { label: 'Discount' }, { label: 'Days' }, { label: 'Used' }, { label: 'For' }, { label: 'Actions', kind: 'actions' }]}
        rows={(items) =>
          items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {row.code}
                </Text>
              </Table.Td>
              <Table.Td>{discountOf(row)}</Table.Td>
              <Table.Td>
                <Text size="sm">{daysOf(row)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.maxUses !== null && row.usedCount >= row.maxUses ? 'gray' : 'blue'} miw="max-content">
                  {row.maxUses === null ? `${row.usedCount} used` : `${row.usedCount} of ${row.maxUses}`}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.appliesTo === 'all' ? 'All paid sessions' : `${row.eventIds.length} event${row.eventIds.length === 1 ? '' : 's'}`}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button variant="subtle" size="compact-sm" onClick={() => setEditing({ voucher: row })} aria-label={`Edit ${row.code}`}>
                    Edit
                  </Button>
                  <Button variant="subtle" color="red" size="compact-sm" onClick={() => setDeleting(row)} aria-label={`Delete ${row.code}`}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))
        }
        loadingText="Loading vouchers..."
        errorText={(error) => failureText('Failed to load vouchers', error)}
        empty={{ title: 'No vouchers yet' }}
        page={page}
        onPage={setPage}
      />
      <VoucherFormModal opened={editing !== null} editing={editing?.voucher ?? null} currency={currency} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Voucher"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting !== null) remove.mutate({ id: deleting.id });
        }}
      >
        <Text>Delete {deleting?.code}? Buyers can no longer use it. A voucher already used is kept: set its last day instead.</Text>
      </ConfirmDialog>
    </>
  );
}
