// Admin events: search, status filter and pages from the server, the table, the
// create/edit modal and the delete confirmation. `?create=true` (the dashboard's Quick Action)
// opens the create form; it is dropped from the address when the form closes.
import '@client/zod-config'; // before any schema of this chunk is created
import { Button, Select, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { trpc } from '@client/trpc';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText, notifyError } from '@client/features/admin/kit/notify';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { PAGE_SIZE, useListState } from '@client/features/admin/kit/use-list-state';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { DeleteEventModal } from './DeleteEventModal';
import { EventFormModal } from './EventForm';
import { QuestionsModal } from './QuestionsModal';
import type { EventDto } from './event-form';
import { EventRows, eventsColumns } from './EventsTable';
import { PlusIcon } from '@client/features/admin/kit/icons';

type StatusFilter = 'all' | 'active' | 'inactive';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function isStatusFilter(value: string | null): value is StatusFilter {
  return STATUS_OPTIONS.some((option) => option.value === value);
}

export function EventsPage() {
  const { isAdmin } = useCurrentUser();
  const { format } = useSiteTimezone();
  const list = useListState<StatusFilter>('all');
  const events = trpc.events.adminList.useQuery(list.query, { placeholderData: keepPreviousData });

  const [formTarget, setFormTarget] = useState<EventDto | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<EventDto | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [questionsTarget, setQuestionsTarget] = useState<EventDto | null>(null);

  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const createFromLink = isAdmin && search.create === true;

  const openForm = (event: EventDto | null) => {
    setFormTarget(event);
    setFormOpened(true);
  };
  const closeForm = () => {
    setFormOpened(false);
    if (search.create === true) void navigate({ to: '.', search: (previous) => ({ ...previous, create: undefined }), replace: true });
  };

  const loadError = events.error;
  useEffect(() => {
    if (loadError !== null) notifyError('Failed to load events');
  }, [loadError]);

  // A delete can empty the last page: step back to the new last page.
  const { page, setPage } = list;
  const data = events.data;
  useEffect(() => {
    if (data !== undefined && data.items.length === 0 && data.total > 0 && page > 1) {
      setPage(Math.ceil(data.total / PAGE_SIZE));
    }
  }, [data, page, setPage]);

  const filtered = list.query.search !== undefined || list.status !== 'all';
  // createFromLink opens a blank form without a click.
  const shownTarget = createFromLink && !formOpened ? null : formTarget;

  const emptyState = filtered
    ? { title: 'No events found', description: 'Try a different search or status filter.' }
    : {
        title: 'No Events Yet',
        description: isAdmin
          ? 'Create your first event to show it on the home page and open it for booking.'
          : 'Events appear here once an administrator creates them.',
        action: isAdmin && (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => openForm(null)}>
            Create First Event
          </Button>
        ),
      };

  return (
    <>
      <ListPage
        title="Events"
        subtitle="Manage the events shown on the home page and offered for booking"
        actions={
          isAdmin && (
            <Button leftSection={<PlusIcon size={16} />} onClick={() => openForm(null)}>
              Create Event
            </Button>
          )
        }
        search={{ label: 'Search events', placeholder: 'Search events...', value: list.search, onChange: list.setSearch }}
        filters={
          <Select
            aria-label="Status"
            data={STATUS_OPTIONS}
            value={list.status}
            onChange={(value) => isStatusFilter(value) && list.setStatus(value)}
            allowDeselect={false}
            w={160}
          />
        }
        notice={
          isAdmin &&
          filtered &&
          data !== undefined &&
          data.total > 0 && (
            <Text size="sm" c="dimmed">
              Clear the search and status filter to change the order.
            </Text>
          )
        }
        query={events}
        tableLabel="Events"
        minWidth={820}
        columns={eventsColumns(isAdmin)}
        rows={(items) => (
          <EventRows
            events={items}
            isAdmin={isAdmin}
            formatDate={format}
            offset={(page - 1) * PAGE_SIZE}
            total={data?.total ?? items.length}
            reorderable={!filtered}
            onEdit={(event) => openForm(event)}
            onDelete={(event) => {
              setDeleteTarget(event);
              setDeleteOpened(true);
            }}
            onQuestions={setQuestionsTarget}
          />
        )}
        loadingText="Loading events..."
        errorText={(error) => failureText('Failed to load events', error)}
        empty={emptyState}
        page={page}
        onPage={setPage}
      />

      <EventFormModal opened={formOpened || createFromLink} event={shownTarget} onClose={closeForm} />
      <DeleteEventModal opened={deleteOpened} event={deleteTarget} onClose={() => setDeleteOpened(false)} />
      <QuestionsModal opened={questionsTarget !== null} event={questionsTarget} onClose={() => setQuestionsTarget(null)} />
    </>
  );
}
