// The admin events screen against a real server and database: the empty state, the form's
// validation (the shared schema's words), display order falling back to 1, benefits edits reaching
// the database, in-place status and order changes, the delete modal, and the read-only user view.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { EventsPage } from '@client/features/admin/events/EventsPage';
import { trpc } from '@client/trpc';
import { callerFor, createAccount, eventInput, type TestAccount } from '@tests/support/helpers';
import { fill, renderRoute, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;
let user: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
  user = await createAccount(server.env.db, 'user');
});

beforeEach(async () => {
  await server.env.db.deleteFrom('events').execute();
});

/** Watches (does not replace) fetch and lists the calls whose address contains `part`. */
function watchRequests(part: string): () => unknown[] {
  const spy = vi.spyOn(globalThis, 'fetch');
  return () => spy.mock.calls.filter(([url]) => String(url instanceof Request ? url.url : url).includes(part));
}

function adminCaller() {
  return callerFor(server.env.deps, admin);
}

async function storedEvents() {
  return server.env.db
    .selectFrom('events')
    .select(['title', 'benefits', 'displayOrder', 'isActive'])
    .orderBy('displayOrder')
    .orderBy('createdAt')
    .execute();
}

/** Shows the signed-in role once known: the page hides admin controls until then, like a user's. */
function RoleProbe() {
  const me = trpc.auth.me.useQuery();
  return me.data ? <span>signed in as {me.data.role}</span> : null;
}

function EventsWithRole() {
  return (
    <>
      <RoleProbe />
      <EventsPage />
    </>
  );
}

async function renderEvents(account: TestAccount = admin) {
  const view = await renderRoute(EventsWithRole, { baseUrl: server.baseUrl, sessionToken: account.token });
  await screen.findByText(`signed in as ${account.user.role}`);
  return view;
}

async function openDialog(name: string): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name });
}

describe('empty state', () => {
  it("shows 'No Events Yet' and opens the create form from 'Create First Event'", async () => {
    const person = userEvent.setup();
    await renderEvents();
    expect(await screen.findByText('No Events Yet')).toBeInTheDocument();
    await person.click(await screen.findByRole('button', { name: 'Create First Event' }));
    const dialog = await openDialog('Create Event');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('');
    // The hints state the limit the server applies: the site's Maximum File Upload Size (10 MB).
    expect(within(dialog).getByText('PNG, JPG or GIF up to 10MB')).toBeInTheDocument();
    expect(await within(dialog).findByText('MP4, MOV or AVI up to 10MB')).toBeInTheDocument();
  });

  it('states a raised upload limit in the video hint, and the image kind keeps its own ceiling', async () => {
    const person = userEvent.setup();
    await saveSystemSettings(server.env.db, { ...DEFAULT_SYSTEM_SETTINGS, maxFileSize: 40 });
    await renderEvents();
    await person.click(await screen.findByRole('button', { name: 'Create First Event' }));
    const dialog = await openDialog('Create Event');
    expect(await within(dialog).findByText('MP4, MOV or AVI up to 40MB')).toBeInTheDocument();
    expect(within(dialog).getByText('PNG, JPG or GIF up to 10MB')).toBeInTheDocument();
  });
});

describe('event form', () => {
  it('shows the schema messages for title, image and registration link, and sends nothing', async () => {
    const person = userEvent.setup();
    await renderEvents();
    await person.click(await screen.findByRole('button', { name: 'Create Event' }));
    const dialog = await openDialog('Create Event');
    await fill(person, within(dialog).getByLabelText('Registration Link'), 'not a link');
    const creates = watchRequests('events.create');
    await person.click(within(dialog).getByRole('button', { name: 'Create Event' }));

    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Image is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Registration link must be a valid URL')).toBeInTheDocument();

    // Editing a field clears its message.
    await fill(person, within(dialog).getByLabelText(/^Title/), 'Accra Summit');
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
    expect(creates()).toEqual([]);
    expect(await storedEvents()).toEqual([]);
  });

  it('refuses a display order below 1 with the schema message', async () => {
    const person = userEvent.setup();
    await adminCaller().events.create(eventInput({ title: 'Lagos Forum', displayOrder: 3 }));
    await renderEvents();
    await person.click(await screen.findByRole('button', { name: 'Edit Lagos Forum' }));
    const dialog = await openDialog('Edit Event');
    const order = within(dialog).getByLabelText('Display Order');
    await fill(person, order, '0');
    await person.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await within(dialog).findByText('Display order must be at least 1')).toBeInTheDocument();
    expect((await storedEvents())[0]?.displayOrder).toBe(3);
  });

  it('saves an empty display order as 1 and sends added, edited and removed benefits', async () => {
    const person = userEvent.setup();
    await adminCaller().events.create(
      eventInput({ title: 'Nairobi Exchange', displayOrder: 4, benefits: ['Meet investors', 'Free lunch'] }),
    );
    await renderEvents();
    await person.click(await screen.findByRole('button', { name: 'Edit Nairobi Exchange' }));
    const dialog = await openDialog('Edit Event');
    expect(within(dialog).getByLabelText('Benefit 1')).toHaveValue('Meet investors');
    expect(within(dialog).getByLabelText('Benefit 2')).toHaveValue('Free lunch');

    await person.clear(within(dialog).getByLabelText('Display Order'));
    await person.click(within(dialog).getByRole('button', { name: 'Remove benefit 1' }));
    expect(within(dialog).getByLabelText('Benefit 1')).toHaveValue('Free lunch');
    await fill(person, within(dialog).getByLabelText('Benefit 1'), 'Free lunch and coffee');
    await person.click(within(dialog).getByRole('button', { name: 'Add Benefit' }));
    await fill(person, within(dialog).getByLabelText('Benefit 2'), 'Meet 30+ businesses in 60 minutes');
    await person.click(within(dialog).getByRole('button', { name: 'Add Benefit' })); // left blank: dropped
    await person.click(within(dialog).getByRole('button', { name: 'Update Event' }));

    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Event' })).not.toBeInTheDocument());
    expect(await storedEvents()).toEqual([
      {
        title: 'Nairobi Exchange',
        benefits: JSON.stringify(['Free lunch and coffee', 'Meet 30+ businesses in 60 minutes']),
        displayOrder: 1,
        isActive: 1,
      },
    ]);
  });

  it('shows the size limit under the image field without sending a file that is too large', async () => {
    const person = userEvent.setup();
    await renderEvents();
    await person.click(await screen.findByRole('button', { name: 'Create Event' }));
    const dialog = await openDialog('Create Event');
    const tooLarge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    const uploads = watchRequests('/api/uploads');
    await person.upload(within(dialog).getByLabelText('Image file'), tooLarge);
    expect(await within(dialog).findByText('The file is too large. The maximum size is 10 MB.')).toBeInTheDocument();
    expect(uploads()).toEqual([]);
  });
});

describe('table actions', () => {
  it('toggles the status in place and stores it', async () => {
    const person = userEvent.setup();
    await adminCaller().events.create(eventInput({ title: 'Kumasi Expo' }));
    await renderEvents();
    const toggle = await screen.findByRole('switch', { name: 'Active: Kumasi Expo' });
    expect(toggle).toBeChecked();
    await person.click(toggle);
    expect(await screen.findByText('Event deactivated')).toBeInTheDocument();
    expect((await storedEvents())[0]?.isActive).toBe(0);
    const row = screen.getByRole('row', { name: /Kumasi Expo/ });
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
  });

  it('moves an event down and stores the new order', async () => {
    const person = userEvent.setup();
    await adminCaller().events.create(eventInput({ title: 'First Event', displayOrder: 1 }));
    await adminCaller().events.create(eventInput({ title: 'Second Event', displayOrder: 2 }));
    await renderEvents();
    expect(await screen.findByRole('button', { name: 'Move First Event up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Second Event down' })).toBeDisabled();
    await person.click(screen.getByRole('button', { name: 'Move First Event down' }));
    expect(await screen.findByText('Event order updated')).toBeInTheDocument();
    expect((await storedEvents()).map((event) => event.title)).toEqual(['Second Event', 'First Event']);
    await waitFor(() => {
      const [first, second] = screen.getAllByRole('row').slice(1);
      expect(first).toHaveTextContent('Second Event');
      expect(second).toHaveTextContent('First Event');
    });
  });

  it('asks in the Delete Event modal, word for word, then deletes', async () => {
    const person = userEvent.setup();
    await adminCaller().events.create(eventInput({ title: 'Abuja Roundtable' }));
    await renderEvents();
    await person.click(await screen.findByRole('button', { name: 'Delete Abuja Roundtable' }));
    const dialog = await openDialog('Delete Event');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this event? This will permanently remove the event and all associated data.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Item to delete')).toBeInTheDocument();
    expect(within(dialog).getByText('Abuja Roundtable')).toBeInTheDocument();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Nobody will be e-mailed: no participant has a live booking here.')).toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Event deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No Events Yet')).toBeInTheDocument();
    expect(await storedEvents()).toEqual([]);
  });

  it('filters by status on the server', async () => {
    const person = userEvent.setup();
    await adminCaller().events.create(eventInput({ title: 'Shown Event' }));
    await adminCaller().events.create(eventInput({ title: 'Hidden Event', isActive: false }));
    await renderEvents();
    expect(await screen.findByText('Hidden Event')).toBeInTheDocument();
    await person.click(screen.getByRole('combobox', { name: 'Status' }));
    await person.click(await screen.findByRole('option', { name: 'Inactive' }));
    await waitFor(() => expect(screen.queryByText('Shown Event')).not.toBeInTheDocument());
    expect(screen.getByText('Hidden Event')).toBeInTheDocument();
    expect(screen.getByText('Clear the search and status filter to change the order.')).toBeInTheDocument();
  });
});

describe('role user', () => {
  it('sees the table without create, edit, delete, toggle or reorder controls', async () => {
    await adminCaller().events.create(eventInput({ title: 'Read Only Event' }));
    await renderEvents(user);
    expect(await screen.findByText('Read Only Event')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Read Only Event/ });
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Move) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
