// The event form's French texts against a real server: it says which are missing, keeps the stored
// ones, and saves what an admin types into the event's translations.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventsPage } from '@client/features/admin/events/EventsPage';
import { findEvent } from '@server/events/events.repository';
import { callerFor, createAccount, eventInput, type TestAccount } from '@tests/support/helpers';
import { renderRoute, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
});

describe('the French texts of an event', () => {
  it('says which are missing and saves the ones typed', async () => {
    const person = userEvent.setup();
    const event = await callerFor(server.env.deps, admin).events.create(
      eventInput({ title: 'Lagos Forum', translations: { fr: { title: 'Forum de Lagos', description: null } } }),
    );
    await renderRoute(EventsPage, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await person.click(await screen.findByRole('button', { name: 'Edit Lagos Forum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });

    // English first; the French texts are behind their tab, which says some are missing.
    expect(within(dialog).queryByRole('textbox', { name: 'French title' })).not.toBeInTheDocument();
    await person.click(within(dialog).getByRole('tab', { name: 'French (texts missing)' }));
    const title = within(dialog).getByRole('textbox', { name: 'French title' });
    expect(title).toHaveValue('Forum de Lagos');
    expect(within(dialog).getAllByText('Missing: the French pages show the English one.')).toHaveLength(1);

    await person.type(within(dialog).getByRole('textbox', { name: 'French description' }), 'Deux jours de rencontres.');
    expect(within(dialog).queryByText('Missing: the French pages show the English one.')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'French' })).toHaveAttribute('aria-selected', 'true');
    await person.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    // The form's own end (its toast, the dialog closing) before the test's, so nothing outlives it.
    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Event' })).not.toBeInTheDocument());
    await waitFor(async () =>
      expect((await findEvent(server.env.db, event.id))?.translations).toEqual({
        fr: { title: 'Forum de Lagos', description: 'Deux jours de rencontres.' },
      }),
    );
  });
});
