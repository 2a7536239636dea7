// The consultations list: upcoming or past, one's own or a colleague's or everyone's, by type and
// status, searched by visitor; staff cancel one or move it to another free time.
import { Alert, Badge, Button, Group, Modal, Pagination, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CalendarWriteNote } from './CalendarWriteNote';
import { messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { CellText } from '@client/features/admin/kit/cells';
import { PartnerFilter, partnerLabel } from '@client/features/admin/kit/PartnerFilter';
import { type ListColumn, ListTable } from '@client/features/admin/kit/ListTable';
import { TimePicker, type FreeTime } from '@client/features/consultation/TimePicker';
import { ExportCsvButton } from '@client/features/admin/kit/ExportCsvButton';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { useDates } from '@client/use-dates';

type Item = RouterOutputs['consultations']['list']['items'][number];
const PAGE_SIZE = 20;
const EXPORT_ROUTE = '/api/export/consultations.csv';

const COLUMNS: readonly ListColumn[] = [
  { label: 'When' },
  { label: 'Type' },
  { label: 'Consultant' },
  { label: 'Visitor' },
  { label: 'Status' },
  { label: 'Actions', kind: 'actions' },
];

export function ConsultationList() {
  const { user, isAdmin } = useCurrentUser();
  const { timeZone } = useSiteTimezone();
  const dates = useDates();
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const [consultantId, setConsultantId] = useState<string>('mine');
  const [typeId, setTypeId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [partner, setPartner] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [moving, setMoving] = useState<Item | null>(null);
  const types = trpc.consultations.types.all.useQuery();
  const staff = trpc.users.list.useQuery({ pageSize: 100 }, { enabled: isAdmin, retry: false });
  const partners = trpc.consultations.partners.useQuery();
  const filter = {
    when,
    consultantId: consultantId === 'mine' ? user?.id : consultantId,
    typeId: typeId ?? undefined,
    status: status === 'booked' ? ('booked' as const) : status === 'cancelled' ? ('cancelled' as const) : undefined,
    partner,
    search: search === '' ? undefined : search,
  };
  const list = trpc.consultations.list.useQuery({ ...filter, page, pageSize: PAGE_SIZE }, { enabled: user !== null });
  const utils = trpc.useUtils();
  const cancel = trpc.consultations.cancel.useMutation({ onSuccess: () => void utils.consultations.list.invalidate() });

  const consultantOptions = [
    { value: 'mine', label: 'Mine' },
    { value: 'all', label: 'Everyone' },
    ...(staff.data?.items ?? []).filter((member) => member.id !== user?.id).map((member) => ({ value: member.id, label: member.name })),
  ];

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Upcoming or past"
          value={when}
          onChange={(value) => {
            setWhen(value === 'past' ? 'past' : 'upcoming');
            setPage(1);
          }}
          data={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: 'Past' },
          ]}
        />
        <Select label="Consultant" data={consultantOptions} value={consultantId} allowDeselect={false} onChange={(value) => { setConsultantId(value ?? 'mine'); setPage(1); }} w={{ base: '100%', xs: 180 }} />
        <Select label="Type" placeholder="All types" clearable data={(types.data ?? []).map((type) => ({ value: type.id, label: type.title }))} value={typeId} onChange={(value) => { setTypeId(value); setPage(1); }} w={{ base: '100%', xs: 200 }} />
        <Select label="Status" placeholder="Any status" clearable data={[{ value: 'booked', label: 'Booked' }, { value: 'cancelled', label: 'Cancelled' }]} value={status} onChange={(value) => { setStatus(value); setPage(1); }} w={{ base: '100%', xs: 150 }} />
        <PartnerFilter label="Partner" partners={partners.data} value={partner} onChange={(value) => { setPartner(value); setPage(1); }} w={{ base: '100%', xs: 200 }} />
        <TextInput label="Search visitor" value={search} onChange={(event) => { setSearch(event.currentTarget.value); setPage(1); }} w={{ base: '100%', xs: 200 }} />
        <ExportCsvButton route={EXPORT_ROUTE} filter={{ ...filter, consultantId: filter.consultantId ?? 'all' }} />
      </Group>
      {cancel.isError && <Alert color="red" title="The consultation could not be cancelled">{messageOf(cancel.error, 'Please try again.')}</Alert>}
      <ListTable columns={COLUMNS} label="Consultations" minWidth={760} striped busy={list.isFetching}>
        {(list.data?.items ?? []).map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{dates.dateTime(item.startsAt, timeZone)}</Table.Td>
            <Table.Td>{item.typeTitle}</Table.Td>
            <Table.Td>{item.consultantName}</Table.Td>
            <Table.Td>
              <CellText text={item.visitorName} maxWidth={220} />
              <CellText
                text={`${item.visitorEmail}${item.visitorCompany === null ? '' : ` · ${item.visitorCompany}`}`}
                size="xs"
                c="dimmed"
                maxWidth={220}
              />
              {item.partner !== null && <CellText text={`via ${partnerLabel(item.partner)}`} size="xs" c="dimmed" maxWidth={220} />}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={item.status === 'booked' ? 'teal' : 'gray'} tt="none">
                {item.status === 'booked' ? 'Booked' : 'Cancelled'}
              </Badge>
              <CalendarWriteNote write={item.calendarWrite} />
            </Table.Td>
            <Table.Td>
              {item.status === 'booked' && when === 'upcoming' && (
                <Group gap="xs" wrap="nowrap">
                  <Button size="compact-sm" variant="default" onClick={() => setMoving(item)}>
                    Move
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="default"
                    color="red"
                    loading={cancel.isPending && cancel.variables.id === item.id}
                    onClick={() => {
                      if (window.confirm(`Cancel ${item.visitorName}'s consultation? They will be told by e-mail.`)) cancel.mutate({ id: item.id });
                    }}
                  >
                    Cancel
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {list.isSuccess && list.data.total === 0 && <Text c="dimmed">No consultations match.</Text>}
      {(list.data?.total ?? 0) > PAGE_SIZE && <Pagination value={page} onChange={setPage} total={Math.ceil((list.data?.total ?? 0) / PAGE_SIZE)} />}
      {moving !== null && <MoveModal item={moving} onClose={() => setMoving(null)} />}
    </Stack>
  );
}

function MoveModal({ item, onClose }: { item: Item; onClose: () => void }) {
  const { timeZone: siteZone } = useSiteTimezone();
  const dates = useDates();
  const [timeZone, setTimeZone] = useState<string>(siteZone);
  const [time, setTime] = useState<FreeTime | null>(null);
  const utils = trpc.useUtils();
  const move = trpc.consultations.move.useMutation({
    onSuccess: () => {
      void utils.consultations.list.invalidate();
      onClose();
    },
    onError: () => void utils.consultations.freeTimes.invalidate(),
  });
  return (
    <Modal opened onClose={onClose} title={`Move ${item.visitorName}'s ${item.typeTitle}`} size="lg">
      <Stack gap="md">
        <Text size="sm">Now: {dates.dateTime(item.startsAt, timeZone)}. The visitor gets the new time and a new link by e-mail.</Text>
        <TimePicker typeId={item.typeId} timeZone={timeZone} onTimeZoneChange={setTimeZone} selected={time} onSelect={setTime} />
        {move.isError && <Alert color="red" title="It could not be moved">{messageOf(move.error, 'Please try again.')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button disabled={time === null} loading={move.isPending} onClick={() => time !== null && move.mutate({ id: item.id, startsAt: time.startsAt })}>
            Move to this time
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
