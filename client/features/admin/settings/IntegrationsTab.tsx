// Integrations (admins only): the API tokens other tools (a CRM) call the API with, each with its
// scopes, expiry and last use (revoking one refuses its next request at once); below them the
// webhook endpoints those tools are told of changes at (WebhooksSection), and the partner sites
// allowed to show the booking widget (EmbedSection).
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiTokenDto } from '@server/api-tokens/api-tokens.service';
import { trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { ApiTokenFormModal } from './ApiTokenFormModal';
import { EmbedSection } from './EmbedSection';
import { WebhooksSection } from './WebhooksSection';

const STATE_BADGES: Record<ApiTokenDto['state'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  revoked: { label: 'Revoked', color: 'red' },
};

export function IntegrationsTab() {
  const [page, setPage] = useState(1);
  const tokens = trpc.apiTokens.list.useQuery({ page }, { placeholderData: (previous) => previous });
  const { format } = useSiteTimezone();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);
  const utils = trpc.useUtils();
  const revoke = trpc.apiTokens.revoke.useMutation({
    onSuccess: async () => {
      notifySuccess(`API token ${revoking?.name ?? ''} revoked`);
      setRevoking(null);
      await utils.apiTokens.list.invalidate();
    },
    onError: (error) => notifyError(failureText('Failed to revoke API token', error)),
  });

  return (
    <Stack gap="lg">
      <ListPage
        level={2}
        title="API Tokens"
        subtitle="Tokens other tools, such as a CRM, use to read and change data through the API, each within its scopes."
        actions={<Button onClick={() => setCreating(true)}>New Token</Button>}
        query={tokens}
        tableLabel="API tokens"
        minWidth={720}
        compact
        striped
        columns={[{ label: 'Name' }, { label: 'Scopes' }, { label: 'Status' }, { label: 'Expires' }, { label: 'Last Used' }, { label: 'Actions', kind: 'actions' }]}
        rows={(items) =>
          items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                {row.name}
                <Text size="xs" c="dimmed">
                  by {row.createdBy ?? 'a removed account'}, {format(row.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.scopes.join(', ')}</Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATE_BADGES[row.state].color} miw="max-content">
                  {STATE_BADGES[row.state].label}
                </Badge>
              </Table.Td>
              <Table.Td>{row.expiresAt === null ? 'Never' : format(row.expiresAt)}</Table.Td>
              <Table.Td>{row.lastUsedAt === null ? 'Never' : format(row.lastUsedAt)}</Table.Td>
              <Table.Td>
                {row.state !== 'revoked' && (
                  <Group gap={4} wrap="nowrap">
                    <Button variant="subtle" color="red" size="compact-sm" onClick={() => setRevoking(row)} aria-label={`Revoke ${row.name}`}>
                      Revoke
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))
        }
        loadingText="Loading API tokens..."
        errorText={(error) => failureText('Failed to load API tokens', error)}
        empty={{ title: 'No API tokens yet' }}
        page={page}
        onPage={setPage}
      />
      <ApiTokenFormModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke API Token"
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => {
          if (revoking !== null) revoke.mutate({ id: revoking.id });
        }}
      >
        <Text>
          Revoke {revoking?.name}? Tools using it are refused from their next request; this cannot be undone.
        </Text>
      </ConfirmDialog>
      <WebhooksSection />
      <EmbedSection />
    </Stack>
  );
}
