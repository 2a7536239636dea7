// Admin sessions: stats, server-side search, status filter and pages, the table
// with its actions, and the four-step wizard for adding and editing.
import '@client/zod-config'; // before any schema of this chunk is created
import { Button, SegmentedControl, SimpleGrid } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { useConfirmWithParticipantsTold } from '@client/features/admin/kit/participants-told';
import { StatCard } from '@client/features/admin/kit/StatCard';
import { useCurrentUser } from '@client/features/admin/kit/use-current-user';
import { useListState } from '@client/features/admin/kit/use-list-state';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { SessionDetailsModal } from './SessionDetailsModal';
import { SESSIONS_COLUMNS, SessionRows, type SessionRow } from './SessionsTable';
import { SessionWizard } from './SessionWizard';

type StatusFilter = 'all' | 'active' | 'inactive';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

interface WizardState {
  sessionId: string | null;
  opened: boolean;
  /** A new key on every opening, so the wizard's forms start afresh: a reopened form never shows the last one's input. */
  key: number;
}

export function SessionsPage() {
  const { isAdmin } = useCurrentUser();
  const { format } = useSiteTimezone();
  const list = useListState<StatusFilter>('all');
  const utils = trpc.useUtils();
  const sessions = trpc.sessions.list.useQuery(list.query, { placeholderData: (previous) => previous });
  const stats = trpc.sessions.stats.useQuery();
  const [wizard, setWizard] = useState<WizardState | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  // The session outlives `opened`, so a closing modal keeps its title while it fades out.
  const [viewing, setViewing] = useState<{ session: SessionRow; opened: boolean } | null>(null);

  const refresh = () => Promise.all([utils.sessions.invalidate(), utils.timeSlots.invalidate(), utils.delegates.list.invalidate()]);
  // A deleted session takes its slots, delegates and bookings with it (ON DELETE CASCADE).
  const refreshAfterDelete = () => Promise.all([refresh(), utils.bookings.invalidate(), utils.dashboard.invalidate()]);
  const toggle = trpc.sessions.toggleActive.useMutation({
    onSuccess: (session) => notifySuccess(`Session ${session.title} ${session.isActive ? 'activated' : 'deactivated'}`),
    onError: (error) => notifyError(failureText('Failed to update session status', error)),
    onSettled: async () => {
      await refresh();
      setBusyId(null);
    },
  });
  const remove = trpc.sessions.delete.useMutation({
    onSuccess: () => notifySuccess('Session deleted successfully'),
    onError: (error) => notifyError(failureText('Failed to delete session', error)),
    onSettled: async () => {
      await refreshAfterDelete();
      setBusyId(null);
    },
  });

  const openWizard = (sessionId: string | null) => setWizard((current) => ({ sessionId, opened: true, key: (current?.key ?? 0) + 1 }));
  // The wizard stays mounted while its modal closes, so its title does not change mid-transition.
  const closeWizard = () => setWizard((current) => (current === null ? null : { ...current, opened: false }));

  const confirmWithTold = useConfirmWithParticipantsTold();
  const onDelete = async (session: SessionRow) => {
    if (!(await confirmWithTold('Are you sure you want to delete this session?', { sessionId: session.id }))) return;
    setBusyId(session.id);
    remove.mutate({ id: session.id });
  };

  return (
    <>
      <ListPage
        title="Sessions"
        actions={
          <>
            <Button component={Link} to="/admin/delegates" variant="default">
              Delegates
            </Button>
            {isAdmin && <Button onClick={() => openWizard(null)}>Add Session</Button>}
          </>
        }
        summary={
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <StatCard label="Total Sessions" value={stats.data?.total ?? '—'} loading={stats.isPending} />
            <StatCard label="Active Sessions" value={stats.data?.active ?? '—'} loading={stats.isPending} />
            <StatCard label="Max Capacity" value={stats.data?.maxCapacity ?? '—'} loading={stats.isPending} />
            <StatCard label="Locations" value={stats.data?.locations ?? '—'} loading={stats.isPending} />
          </SimpleGrid>
        }
        search={{ label: 'Search sessions', placeholder: 'Search sessions...', value: list.search, onChange: list.setSearch }}
        filters={
          <SegmentedControl
            aria-label="Status"
            data={STATUS_OPTIONS}
            value={list.status}
            onChange={(value) => list.setStatus(value as StatusFilter)}
          />
        }
        query={sessions}
        tableLabel="Sessions"
        minWidth={900}
        striped
        columns={SESSIONS_COLUMNS}
        rows={(items) => (
          <SessionRows
            sessions={items}
            isAdmin={isAdmin}
            formatDate={format}
            busyId={busyId}
            onToggle={(session) => {
              setBusyId(session.id);
              toggle.mutate({ id: session.id });
            }}
            onEdit={(session) => openWizard(session.id)}
            onDelete={(session) => void onDelete(session)}
            onView={(session) => setViewing({ session, opened: true })}
          />
        )}
        loadingText="Loading sessions..."
        errorText={(error) => failureText('Failed to load sessions', error)}
        empty={{ title: 'No sessions found' }}
        page={list.page}
        onPage={list.setPage}
      />

      {viewing !== null && (
        <SessionDetailsModal
          opened={viewing.opened}
          sessionId={viewing.session.id}
          title={viewing.session.title}
          onClose={() => setViewing({ ...viewing, opened: false })}
        />
      )}
      {isAdmin && wizard !== null && (
        <SessionWizard
          key={wizard.key}
          opened={wizard.opened}
          sessionId={wizard.sessionId}
          onClose={closeWizard}
        />
      )}
    </>
  );
}
