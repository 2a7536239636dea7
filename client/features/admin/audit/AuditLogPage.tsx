// Audit Log (admins only): who changed what, when and from which address, newest first. Filters by
// person, kind of record, a day range in the site's timezone and a search; pages on the server. Each
// row names its record (as named now) and its actor, resolved by the server with the page.
import '@client/zod-config'; // before any schema of this chunk is created
import { Badge, Select, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  type AuditAction,
  type AuditEntity,
} from '@server/audit/audit.schemas';
import { zonedDateTimeToUtc } from '@server/shared/time';
import { trpc } from '@client/trpc';
import { CellText, EmptyValue } from '@client/features/admin/kit/cells';
import { DateFilter } from '@client/features/admin/kit/DateFilter';
import { failureText } from '@client/features/admin/kit/notify';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { useKeepPageInRange } from '@client/features/admin/kit/use-keep-page-in-range';
import { PAGE_SIZE } from '@client/features/admin/kit/use-list-state';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';

const ENTITY_OPTIONS = AUDIT_ENTITIES.map((entity) => ({ value: entity, label: AUDIT_ENTITY_LABELS[entity] }));

/** The day after a yyyy-mm-dd date, as yyyy-mm-dd (the range's end is the start of that day). */
function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

function entityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity as AuditEntity] ?? entity;
}

export function AuditLogPage() {
  const { timeZone, format } = useSiteTimezone();
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [userId, setUserId] = useState<string | null>(null);
  const [entity, setEntity] = useState<AuditEntity | null>(null);
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [page, setPage] = useState(1);
  const users = trpc.users.list.useQuery({ pageSize: 100 });

  // Days are the site's days: from the start of the first to the start of the day after the last.
  const validRange = fromDate === '' || toDate === '' || fromDate <= toDate;
  const query = {
    search: debouncedSearch === '' ? undefined : debouncedSearch,
    userId: userId ?? undefined,
    entity: entity ?? undefined,
    from: fromDate === '' ? undefined : zonedDateTimeToUtc(fromDate, '00:00', timeZone),
    to: toDate === '' || !validRange ? undefined : zonedDateTimeToUtc(nextDay(toDate), '00:00', timeZone),
    page,
    pageSize: PAGE_SIZE,
  };
  const rows = trpc.audit.list.useQuery(query, { placeholderData: (previous) => previous, staleTime: 0 });
  useKeepPageInRange(rows.data, page, setPage);

  function change<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setPage(1);
    };
  }

  return (
    <ListPage
      title="Audit Log"
      subtitle="Every change made in the back office and every sign-in, newest first."
      search={{
        label: 'Search the audit log',
        placeholder: 'Search summaries, people, addresses...',
        value: search,
        onChange: change(setSearchText),
      }}
      filters={
        <>
          <Select
            label="Person"
            placeholder="Everyone"
            clearable
            data={(users.data?.items ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }))}
            value={userId}
            onChange={change(setUserId)}
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            label="Kind of record"
            placeholder="All kinds"
            clearable
            data={ENTITY_OPTIONS}
            value={entity}
            onChange={(value) => change(setEntity)(value as AuditEntity | null)}
            w={{ base: '100%', xs: 180 }}
          />
          <DateFilter label="From" value={fromDate || undefined} maxDate={toDate || undefined} onChange={(day) => change(setFromDate)(day ?? '')} w={{ base: '47%', xs: 170 }} />
          <DateFilter
            label="To"
            value={toDate || undefined}
            minDate={fromDate || undefined}
            onChange={(day) => change(setToDate)(day ?? '')}
            error={validRange ? undefined : 'The end must be after the start'}
            w={{ base: '47%', xs: 170 }}
          />
        </>
      }
      query={rows}
      tableLabel="Audit log"
      minWidth={900}
      striped
      columns={[{ label: 'Time' }, { label: 'Person' }, { label: 'Action' }, { label: 'Record' }, { label: 'What changed' }, { label: 'Address' }]}
      rows={(items) =>
        items.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{format(row.createdAt)}</Table.Td>
            <Table.Td>
              {row.actorName === null && row.actorEmail === null ? (
                <EmptyValue label="Unknown" />
              ) : (
                <CellText text={row.actorName ?? row.actorEmail ?? ''} maxWidth={180} />
              )}
              {row.actorName !== null && row.actorEmail !== null && <CellText text={row.actorEmail} size="xs" c="dimmed" maxWidth={180} />}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={row.action === 'sign-in-failed' ? 'red' : 'navy'} miw="max-content">
                {actionLabel(row.action)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{entityLabel(row.entity)}</Text>
              {/* The record's name as it is now; an upload is named by its file; a record deleted since has only its id left. */}
              {row.targetName !== null ? (
                <CellText text={row.targetName} size="xs" c="dimmed" maxWidth={200} />
              ) : (
                row.entityId !== null && (
                  <CellText text={row.entity === 'upload' ? row.entityId : `Deleted (${row.entityId})`} size="xs" c="dimmed" maxWidth={200} />
                )
              )}
            </Table.Td>
            <Table.Td>{row.summary}</Table.Td>
            <Table.Td>{row.ip}</Table.Td>
          </Table.Tr>
        ))
      }
      loadingText="Loading the audit log..."
      errorText={(error) => failureText('Failed to load the audit log', error)}
      empty={{ title: 'No entries found' }}
      footer={
        rows.data?.totalCapped === true && (
          <Text size="sm" c="dimmed">
            More than {rows.data.total.toLocaleString('en-US')} entries match; narrow the filters to see older ones.
          </Text>
        )
      }
      page={page}
      onPage={setPage}
    />
  );
}
