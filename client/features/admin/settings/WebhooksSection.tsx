// Webhooks (admins only), in Settings > Integrations below the API tokens: the endpoints that are
// told when bookings, consultations and contact messages happen, each with its events, whether it
// is on (or was turned off after failing for a day), and its delivery log.
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { WebhookEndpointDto } from '@server/webhooks/webhooks.service';
import { trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { WebhookDeliveriesModal } from './WebhookDeliveriesModal';
import { WebhookFormModal } from './WebhookFormModal';

function stateOf(row: WebhookEndpointDto): { label: string; color: string } {
  if (row.enabled) return row.failingSince === null ? { label: 'On', color: 'green' } : { label: 'Failing', color: 'orange' };
  return row.disabledReason === 'failing' ? { label: 'Off: failed for a day', color: 'red' } : { label: 'Off', color: 'gray' };
}

export function WebhooksSection() {
  const [page, setPage] = useState(1);
  const endpoints = trpc.webhooks.list.useQuery({ page }, { placeholderData: (previous) => previous });
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpointDto | null } | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpointDto | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointDto | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.webhooks.delete.useMutation({
    onSuccess: async () => {
      notifySuccess('Webhook endpoint deleted');
      setDeleting(null);
      await utils.webhooks.list.invalidate();
    },
    onError: (error) => notifyError(failureText('Failed to delete webhook endpoint', error)),
  });

  return (
    <>
      <ListPage
        level={2}
        title="Webhooks"
        subtitle="Addresses told at once when bookings, consultations and contact messages happen, each request signed with the endpoint's secret."
        actions={<Button onClick={() => setEditing({ endpoint: null })}>New Endpoint</Button>}
        query={endpoints}
        tableLabel="Webhook endpoints"
        minWidth={720}
        compact
        striped
        columns={[{ label: 'Endpoint' }, { label: 'Events' }, { label: 'Status' }, { label: 'Actions', kind: 'actions' }]}
        rows={(items) =>
          items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {row.url}
                </Text>
                {row.description !== null && (
                  <Text size="xs" c="dimmed">
                    {row.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.events.join(', ')}</Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={stateOf(row).color} miw="max-content">
                  {stateOf(row).label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button variant="subtle" size="compact-sm" onClick={() => setViewing(row)} aria-label={`Delivery log of ${row.url}`}>
                    Log
                  </Button>
                  <Button variant="subtle" size="compact-sm" onClick={() => setEditing({ endpoint: row })} aria-label={`Edit ${row.url}`}>
                    Edit
                  </Button>
                  <Button variant="subtle" color="red" size="compact-sm" onClick={() => setDeleting(row)} aria-label={`Delete ${row.url}`}>
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))
        }
        loadingText="Loading webhook endpoints..."
        errorText={(error) => failureText('Failed to load webhook endpoints', error)}
        empty={{ title: 'No webhook endpoints yet' }}
        page={page}
        onPage={setPage}
      />
      <WebhookFormModal opened={editing !== null} editing={editing?.endpoint ?? null} onClose={() => setEditing(null)} />
      <WebhookDeliveriesModal endpoint={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Webhook Endpoint"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting !== null) remove.mutate({ id: deleting.id });
        }}
      >
        <Text>Delete {deleting?.url}? Nothing more is sent to it, and its delivery log goes too.</Text>
      </ConfirmDialog>
    </>
  );
}
