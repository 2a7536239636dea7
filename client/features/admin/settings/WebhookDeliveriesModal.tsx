// One webhook endpoint's delivery log: each event sent (or waiting) with its status, attempts, the
// receiver's last answer and when; "Redeliver" sends one again at once with the same webhook-id.
import { Badge, Button, Modal, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { WebhookDeliveryDto, WebhookEndpointDto } from '@server/webhooks/webhooks.service';
import { trpc } from '@client/trpc';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';

const STATUS_BADGES: Record<WebhookDeliveryDto['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** The receiver's answer as the log says it: the code and the start of its body, or why there was none. */
function answerOf(row: WebhookDeliveryDto): string {
  if (row.attempts === 0) return 'Not sent yet';
  const excerpt = row.responseExcerpt === null || row.responseExcerpt === '' ? '' : row.responseExcerpt;
  if (row.responseStatus === null) return excerpt;
  return excerpt === '' ? `HTTP ${row.responseStatus}` : `HTTP ${row.responseStatus}: ${excerpt}`;
}

export function WebhookDeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpointDto | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={endpoint !== null} onClose={onClose} title="Delivery Log" size={1100} fullScreen={phone === true}>
      {endpoint !== null && <DeliveryLog endpoint={endpoint} />}
    </Modal>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const [page, setPage] = useState(1);
  const deliveries = trpc.webhooks.deliveries.useQuery({ endpointId: endpoint.id, page }, { placeholderData: (previous) => previous });
  const { format } = useSiteTimezone();
  const utils = trpc.useUtils();
  const redeliver = trpc.webhooks.redeliver.useMutation({
    onSuccess: async () => {
      notifySuccess('Delivery queued to be sent again');
      await utils.webhooks.deliveries.invalidate();
    },
    onError: (error) => notifyError(failureText('Failed to redeliver', error)),
  });
  return (
    <ListPage
      level={2}
      title={endpoint.url}
      subtitle={endpoint.enabled ? 'Newest first. Failed deliveries are retried for a day.' : 'This endpoint is off: nothing is sent until it is turned on again.'}
      query={deliveries}
      tableLabel="Webhook deliveries"
      minWidth={760}
      compact
      striped
      columns={[{ label: 'Event' }, { label: 'Status' }, { label: 'Attempts' }, { label: 'Last Answer' }, { label: 'Time' }, { label: 'Actions', kind: 'actions' }]}
      rows={(items) =>
        items.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <Text size="sm">{row.eventType}</Text>
              <Text size="xs" c="dimmed">
                {row.messageId}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_BADGES[row.status].color} miw="max-content">
                {STATUS_BADGES[row.status].label}
              </Badge>
            </Table.Td>
            <Table.Td>{row.attempts}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {answerOf(row)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{format(row.lastAttemptAt ?? row.createdAt)}</Text>
              {row.nextAttemptAt !== null && row.attempts > 0 && (
                <Text size="xs" c="dimmed">
                  next try {format(row.nextAttemptAt)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Button
                variant="subtle"
                size="compact-sm"
                loading={redeliver.isPending && redeliver.variables.deliveryId === row.id}
                onClick={() => redeliver.mutate({ deliveryId: row.id })}
                aria-label={`Redeliver ${row.eventType} ${row.messageId}`}
              >
                Redeliver
              </Button>
            </Table.Td>
          </Table.Tr>
        ))
      }
      loadingText="Loading deliveries..."
      errorText={(error) => failureText('Failed to load deliveries', error)}
      empty={{ title: 'Nothing sent yet', description: 'Events this endpoint receives are listed here as they happen.' }}
      page={page}
      onPage={setPage}
    />
  );
}
