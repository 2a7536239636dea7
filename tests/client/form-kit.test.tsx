// The back office's form shapes (kit/FormModal, kit/ConfirmDialog, kit/PageForm): Enter submits,
// Cancel closes, the form's own error is announced as an alert (a refusal naming fields is not), and
// nothing closes while saving. Saves are held open by a promise the test settles, never by time.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { trpc } from '@client/trpc';
import { insertEventRow } from '@tests/support/fixtures';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
});
/** A save the test finishes when it wants to. */
function deferred() {
  let finish: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { promise, finish };
}

function NameForm({ save, error }: { save: (name: string) => Promise<void>; error?: unknown }) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  return (
    <ModalForm
      submitLabel="Save Thing"
      saving={saving}
      error={error}
      onSubmit={() => {
        setSaving(true);
        void save(name).finally(() => setSaving(false));
      }}
    >
      <TextInput label="Name" data-autofocus value={name} onChange={(event) => setName(event.currentTarget.value)} />
    </ModalForm>
  );
}

function ModalHarness({
  save,
  error,
  onOuterSubmit = () => undefined,
}: {
  save: (name: string) => Promise<void>;
  error?: unknown;
  onOuterSubmit?: () => void;
}) {
  const [opened, setOpened] = useState(true);
  return (
    // The modal opened from inside another form, as the two-factor dialogs are from the Security tab.
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onOuterSubmit();
      }}
    >
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Add Thing">
        <NameForm save={save} error={error} />
      </FormModal>
    </form>
  );
}

describe('FormModal', () => {
  it('submits on Enter, only its own form, and starts afresh at the next opening', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    const outer = vi.fn();
    renderWithProviders(<ModalHarness save={async (name) => void saved.push(name)} onOuterSubmit={outer} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Thing' });
    const buttons = within(dialog).getAllByRole('button').map((button) => button.textContent);
    expect(buttons.slice(-2)).toEqual(['Cancel', 'Save Thing']);

    await user.type(within(dialog).getByLabelText('Name'), 'Accra{Enter}');
    expect(saved).toEqual(['Accra']);
    expect(outer).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(await screen.findByRole('dialog', { name: 'Add Thing' })).getByLabelText('Name')).toHaveValue('');
  });

  it('cannot be closed while saving (Cancel, Close, Escape), and can again afterwards', async () => {
    const user = userEvent.setup();
    const save = deferred();
    renderWithProviders(<ModalHarness save={() => save.promise} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Thing' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Thing' }));

    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save Thing' })).toHaveAttribute('data-loading', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add Thing' })).toBeInTheDocument();

    await act(async () => {
      save.finish();
      await save.promise;
    });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("announces the form's own error as an alert", async () => {
    renderWithProviders(<ModalHarness save={async () => undefined} error="This time slot is full." />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Thing' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This time slot is full.');
  });
});

/** A real save through the API: its failure is the form's error. */
function ContactHarness() {
  const create = trpc.contacts.create.useMutation();
  return (
    <FormModal opened onClose={() => undefined} title="Add Contact">
      <ModalForm
        submitLabel="Create Contact"
        saving={create.isPending}
        error={create.error}
        onSubmit={() => create.mutate({ name: '', email: '', message: '', status: 'new' })}
      >
        <p>Nothing typed</p>
      </ModalForm>
    </FormModal>
  );
}

describe("ModalForm's error from the server", () => {
  it('shows a refusal without fields as an alert', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactHarness />, { baseUrl: server.baseUrl });
    await user.click(await screen.findByRole('button', { name: 'Create Contact' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in to continue.');
  });

  it('leaves a refusal naming fields to those fields (no alert)', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<ContactHarness />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await user.click(await screen.findByRole('button', { name: 'Create Contact' }));
    await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

function ConfirmHarness({ onConfirm, pending, eventId }: { onConfirm: () => void; pending: boolean; eventId?: string }) {
  const [opened, setOpened] = useState(true);
  return (
    <ConfirmDialog
      opened={opened}
      onClose={() => setOpened(false)}
      title="Delete Thing"
      confirmLabel="Delete"
      pending={pending}
      onConfirm={onConfirm}
      told={eventId === undefined ? undefined : { eventId }}
    >
      <p>Are you sure you want to delete this thing?</p>
    </ConfirmDialog>
  );
}

describe('ConfirmDialog', () => {
  it('focuses Cancel, which closes without confirming; the red action confirms', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<ConfirmHarness onConfirm={onConfirm} pending={false} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Thing' });
    expect(within(dialog).getByText('Are you sure you want to delete this thing?')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be closed while the action runs', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ConfirmHarness onConfirm={() => undefined} pending />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Thing' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Delete Thing' })).toBeInTheDocument();
  });

  it("says how many participants the server will tell", async () => {
    const event = await insertEventRow(server.env.db, { title: 'Quiet Event' });
    renderWithProviders(<ConfirmHarness onConfirm={() => undefined} pending={false} eventId={event.id} />, {
      baseUrl: server.baseUrl,
      sessionToken: admin.token,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete Thing' });
    expect(await within(dialog).findByText('Nobody will be e-mailed: no participant has a live booking here.')).toBeInTheDocument();
  });
});

function PageHarness({ save, error }: { save: (name: string) => Promise<void>; error?: unknown }) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  return (
    <PageForm
      saving={saving}
      error={error}
      onSubmit={(event) => {
        event?.preventDefault();
        setSaving(true);
        void save(name).finally(() => setSaving(false));
      }}
    >
      <FormSection title="Profile Information" description="Your name as other staff see it.">
        <TextInput label="Full Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      </FormSection>
    </PageForm>
  );
}

describe('PageForm', () => {
  it('submits on Enter, spins Save Changes while saving, and announces its own error', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    const save = deferred();
    const { unmount } = renderWithProviders(
      <PageHarness
        save={(name) => {
          saved.push(name);
          return save.promise;
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Profile Information' });
    expect(within(section).getByRole('heading', { name: 'Profile Information' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full Name'), 'Ama{Enter}');
    expect(saved).toEqual(['Ama']);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveAttribute('data-loading', 'true');
    await act(async () => {
      save.finish();
      await save.promise;
    });
    expect(screen.getByRole('button', { name: 'Save Changes' })).not.toHaveAttribute('data-loading');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<PageHarness save={async () => undefined} error="Could not reach the server." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the server.');
  });
});
