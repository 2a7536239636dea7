// Email Log (admins only): the outbox newest first, searched, filtered and paged on the server. One
// line per message so every column fits a 1,280 px screen: long recipients, subjects and errors
// are cut with an ellipsis, shown whole on hover and in the message's details dialog.
// A message that has not gone out can be put back in line (Retry); a failed one can be dismissed
// (removed for good, after a confirmation); Retry All Failed puts every failed one back in line at
// once (after an outage longer than the give-up time); each message opens in a dialog with its text
// (as sent, readable) and its delivery attempts.
// The sender works in the background, so the list can be refreshed by hand. A copy restored from a
// backup says here that sending is paused, and resumes it (SendingPausedNotice).
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, Paper, ScrollArea, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconListDetails, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { EmailStatus } from '@db/schema';
import { EMAIL_STATUS_LABELS, EMAIL_STATUSES } from '@server/email/emails.schemas';
import { type RouterOutputs, trpc } from '@client/trpc';
import { CellText, EmptyValue } from '@client/features/admin/kit/cells';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { StatusFilter } from '@client/features/admin/kit/StatusFilter';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { useKeepPageInRange } from '@client/features/admin/kit/use-keep-page-in-range';
import { useListState } from '@client/features/admin/kit/use-list-state';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { useDates } from '@client/use-dates';
import { SendingPausedNotice } from './SendingPausedNotice';

type EmailRow = RouterOutputs['emails']['list']['items'][number];
type StatusFilter = 'all' | EmailStatus;

/** The reason the server stores on messages that wait for SMTP settings (server/email/enqueue.service.ts). */
const SMTP_NOT_CONFIGURED = 'SMTP not configured';

const STATUS_COLORS: Record<EmailStatus, string> = { pending: 'yellow', sending: 'blue', sent: 'green', failed: 'red' };

const FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  ...EMAIL_STATUSES.map((status) => ({ value: status, label: EMAIL_STATUS_LABELS[status] })),
];

/** A row's action as an icon button: its name (for screen readers and the tooltip) says what and which message. */
function attemptsText(count: number): string {
  return count === 1 ? '1 attempt' : `${count} attempts`;
}

function RowAction({ label, color, loading, onClick, children }: { label: string; color?: string; loading?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label} withinPortal openDelay={300}>
      <ActionIcon variant="subtle" color={color} aria-label={label} loading={loading} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Sent messages and one being sent right now are refused by the server, so they get no Retry. */
function canRetry(row: EmailRow): boolean {
  return row.status === 'pending' || row.status === 'failed';
}

export function EmailLogTab({ onOpenEmailSettings }: { onOpenEmailSettings: () => void }) {
  const list = useListState<StatusFilter>('all');
  const { format, timeZone } = useSiteTimezone();
  const utils = trpc.useUtils();
  // The sender changes rows in the background: reopening the tab always asks again (staleTime 0).
  const messages = trpc.emails.list.useQuery(list.query, { placeholderData: (previous) => previous, staleTime: 0 });
  // Without SMTP settings every pending message carries the reason, so the newest one tells,
  // whatever the filter and page being shown.
  const newestPending = trpc.emails.list.useQuery({ status: 'pending', page: 1, pageSize: 1 }, { staleTime: 0 });
  const failedCount = trpc.emails.list.useQuery({ status: 'failed', page: 1, pageSize: 1 }, { staleTime: 0 }).data?.total ?? 0;
  const retryAll = trpc.emails.retryAllFailed.useMutation({
    onSuccess: async ({ queued }) => {
      notifySuccess(`${queued} failed message${queued === 1 ? '' : 's'} queued again`);
      await utils.emails.invalidate();
    },
    onError: (error) => notifyError(failureText('Failed to retry the failed messages', error)),
  });
  const [viewing, setViewing] = useState<EmailRow | null>(null);
  useKeepPageInRange(messages.data, list.page, list.setPage);

  const retry = trpc.emails.retry.useMutation({
    onSuccess: async () => {
      notifySuccess('Message queued for another attempt');
      await utils.emails.invalidate();
    },
    // e.g. 'This message was already sent.' when the sender got there first.
    onError: async (error) => {
      notifyError(failureText('Failed to retry message', error));
      await utils.emails.invalidate();
    },
  });

  // The failed message waiting for the Dismiss confirmation; kept while the dialog fades out.
  const [dismissing, setDismissing] = useState<{ row: EmailRow; opened: boolean } | null>(null);
  const closeDismiss = () => setDismissing((current) => (current === null ? null : { ...current, opened: false }));
  const dismiss = trpc.emails.dismiss.useMutation({
    onSuccess: async () => {
      notifySuccess('Message dismissed');
      closeDismiss();
      await utils.emails.invalidate();
    },
    onError: async (error) => {
      notifyError(failureText('Failed to dismiss message', error));
      closeDismiss();
      await utils.emails.invalidate();
    },
  });

  const smtpMissing =
    newestPending.data?.items[0]?.lastError === SMTP_NOT_CONFIGURED ||
    (messages.data?.items.some((row) => row.lastError === SMTP_NOT_CONFIGURED) ?? false);

  // The table's times leave out the year and zone to stay on one line; the tooltip has them.
  const dates = useDates();
  /** The tooltip of a message waiting after a failed attempt: how many it has had. */
  function withAttempts(row: EmailRow, text: string): string {
    return row.status !== 'pending' || row.attempts === 0 ? text : `${text} (${attemptsText(row.attempts)} so far)`;
  }

  function whenText(row: EmailRow, at: (iso: string) => string = format): string {
    if (row.status === 'sent') return row.sentAt === null ? 'Sent' : `Sent ${at(row.sentAt)}`;
    if (row.status === 'sending') return 'Sending now';
    if (row.status === 'failed') return `Failed after ${attemptsText(row.attempts)}`;
    if (row.lastError === SMTP_NOT_CONFIGURED) return 'Once SMTP is configured';
    return `Next attempt ${at(row.nextAttemptAt)}`;
  }

  return (
    <>
      <ListPage
        level={2}
        title="Email Log"
        subtitle="Messages the site has sent or is waiting to send, newest first."
        actions={
          <>
            <Button variant="default" disabled={failedCount === 0} loading={retryAll.isPending} onClick={() => retryAll.mutate()}>
              {`Retry All Failed (${failedCount})`}
            </Button>
            <Button variant="default" onClick={() => void utils.emails.invalidate()} loading={messages.isFetching && !messages.isPending}>
              Refresh
            </Button>
          </>
        }
        search={{ label: 'Search messages', placeholder: 'Search messages...', value: list.search, onChange: list.setSearch }}
        filters={<StatusFilter list={list} options={FILTER_OPTIONS} />}
        notice={
          <>
            <SendingPausedNotice />
            {smtpMissing && (
              <Alert color="yellow" title="Messages are waiting to be sent">
                SMTP is not configured, so no message can go out. Messages wait in the outbox and are sent once the SMTP server
                is set in the{' '}
                <Anchor component="button" type="button" inherit onClick={onOpenEmailSettings}>
                  Email settings
                </Anchor>
                .
              </Alert>
            )}
          </>
        }
        query={messages}
        tableLabel="Email log"
        minWidth={720}
        striped
        compact
        // No Attempts column: its width goes to the recipient and the subject; the count is in the
        // Sent / Next Attempt cell of a failed message, in the tooltip of the others, and in the detail.
        columns={[{ label: 'Recipient' }, { label: 'Subject' }, { label: 'Status' }, { label: 'Last Error' }, { label: 'Sent / Next Attempt' }, { label: 'Actions', kind: 'actions' }]}
        rows={(items) =>
          items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <CellText text={row.toAddress} maxWidth={150} />
              </Table.Td>
              <Table.Td>
                <CellText text={row.subject} maxWidth={180} />
              </Table.Td>
              <Table.Td>
                {/* max-content: a badge in a tight table column would otherwise shrink to an ellipsis. */}
                <Badge variant="light" color={STATUS_COLORS[row.status]} miw="max-content">
                  {EMAIL_STATUS_LABELS[row.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {row.lastError === null ? <EmptyValue label="No error" /> : <CellText text={row.lastError} maxWidth={100} />}
              </Table.Td>
              <Table.Td>
                <CellText text={whenText(row, (iso) => `${dates.dayMonth(iso, timeZone)}, ${dates.time(iso, timeZone)}`)} title={withAttempts(row, whenText(row))} maxWidth={135} />
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <RowAction label={`View ${row.subject} to ${row.toAddress}`} onClick={() => setViewing(row)}>
                    <IconListDetails size={18} stroke={1.6} aria-hidden="true" />
                  </RowAction>
                  {canRetry(row) && (
                    <RowAction
                      label={`Retry ${row.subject} to ${row.toAddress}`}
                      loading={retry.isPending && retry.variables?.id === row.id}
                      onClick={() => retry.mutate({ id: row.id })}
                    >
                      <IconRefresh size={18} stroke={1.6} aria-hidden="true" />
                    </RowAction>
                  )}
                  {row.status === 'failed' && (
                    <RowAction label={`Dismiss ${row.subject} to ${row.toAddress}`} color="red" onClick={() => setDismissing({ row, opened: true })}>
                      <IconTrash size={18} stroke={1.6} aria-hidden="true" />
                    </RowAction>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))
        }
        loadingText="Loading messages..."
        errorText={(error) => failureText('Failed to load email log', error)}
        empty={{ title: 'No messages found' }}
        page={list.page}
        onPage={list.setPage}
      />
      <MessageModal message={viewing} onClose={() => setViewing(null)} format={format} />
      <ConfirmDialog
        opened={dismissing?.opened ?? false}
        onClose={closeDismiss}
        title="Dismiss Message"
        confirmLabel="Dismiss"
        pending={dismiss.isPending}
        onConfirm={() => dismissing !== null && dismiss.mutate({ id: dismissing.row.id })}
      >
        <Text>
          Dismiss the failed message &ldquo;{dismissing?.row.subject}&rdquo; to {dismissing?.row.toAddress}? It is removed from the log
          with its attempts and will not be sent.
        </Text>
      </ConfirmDialog>
    </>
  );
}

/** The message's text as sent, kept readable: its own lines and paragraphs, long words wrapped, scrolled inside the dialog. */
function MessageBody({ id }: { id: string }) {
  const body = trpc.emails.body.useQuery({ id });
  if (body.isPending) return <Skeleton height={80} aria-label="Loading the message" />;
  if (body.isError) {
    return (
      <Text c="red" role="alert">
        {failureText('Failed to load the message', body.error)}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }} maw="65ch">
          {body.data.textBody}
        </Text>
      </Paper>
    </ScrollArea.Autosize>
  );
}

function MessageModal({
  message,
  onClose,
  format,
}: {
  message: EmailRow | null;
  onClose: () => void;
  format: (iso: string) => string;
}) {
  const attempts = trpc.emails.attempts.useQuery({ id: message?.id ?? '' }, { enabled: message !== null });

  let content;
  if (attempts.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading attempts">
        <Skeleton height={18} />
        <Skeleton height={18} />
      </Stack>
    );
  } else if (attempts.isError) {
    content = (
      <Text c="red" role="alert">
        {failureText('Failed to load attempts', attempts.error)}
      </Text>
    );
  } else if (attempts.data.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        No attempts yet.
      </Text>
    );
  } else {
    content = (
      <Table aria-label="Delivery attempts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attempts.data.map((attempt, index) => (
            <Table.Tr key={attempt.id}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{format(attempt.attemptedAt)}</Table.Td>
              <Table.Td>{attempt.error ?? 'Accepted by the server'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={message !== null}
      onClose={onClose}
      title="Message Details"
      size="lg"
      centered
    >
      {message !== null && (
        <Stack gap="md">
          <div>
            <Text size="sm">
              <strong>To:</strong> {message.toAddress}
            </Text>
            <Text size="sm">
              <strong>Subject:</strong> {message.subject}
            </Text>
            <Text size="sm">
              <strong>Created:</strong> {format(message.createdAt)}
            </Text>
            {message.lastError !== null && (
              <Text size="sm">
                <strong>Last error:</strong> {message.lastError}
              </Text>
            )}
          </div>
          <Stack gap={6}>
            <Title order={3}>
              Message
            </Title>
            <MessageBody id={message.id} />
          </Stack>
          <Stack gap={6}>
            <Title order={3}>
              Delivery attempts
            </Title>
            {content}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
