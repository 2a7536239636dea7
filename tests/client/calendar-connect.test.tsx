// The two "connect a calendar" modals of My hours, Calendars, against a real API server: their
// titles, help and buttons, their own field messages before anything is sent, and the server's
// refusal shown in words under the address it concerns.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectCalDavModal, ConnectFeedModal } from '@client/features/admin/consultations/ConnectCalendarModals';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let user: TestAccount;

beforeEach(async () => {
  user = await createAccount(server.env.db, 'user');
});

/** A field by its exact label, with or without the required asterisk. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

describe('ConnectFeedModal', () => {
  it('asks for a name and an address, then shows why the server refuses the address', async () => {
    const interaction = userEvent.setup();
    const onClose = vi.fn();
    const { queryClient } = renderWithProviders(<ConnectFeedModal opened userId={undefined} onClose={onClose} />, { baseUrl: server.baseUrl, sessionToken: user.token });
    expect(await screen.findByRole('dialog', { name: 'Add a calendar feed' })).toBeInTheDocument();
    expect(screen.getByText('Google Calendar and Outlook publish a secret address in iCal format. Its busy times keep consultations off your meetings; nothing is written to it.')).toBeInTheDocument();

    await interaction.click(screen.getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Feed address is required')).toBeInTheDocument();
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);

    await fill(interaction, field('Name'), 'Google calendar');
    await fill(interaction, field('Secret address in iCal format'), 'https://127.0.0.1/secret/basic.ics');
    await interaction.click(screen.getByRole('button', { name: 'Add feed' }));
    expect(await screen.findByText('This address is on a private network, which this site does not connect to')).toBeInTheDocument();
    expect(field('Secret address in iCal format')).toHaveAttribute('aria-invalid', 'true');
    expect(await server.env.db.selectFrom('calendarConnections').select('id').execute()).toEqual([]);

    await interaction.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ConnectCalDavModal', () => {
  it('asks for the server, the user name and an app password before it connects', async () => {
    const interaction = userEvent.setup();
    const { queryClient } = renderWithProviders(<ConnectCalDavModal opened userId={undefined} onClose={() => undefined} />, { baseUrl: server.baseUrl, sessionToken: user.token });
    expect(await screen.findByRole('dialog', { name: 'Connect a CalDAV calendar' })).toBeInTheDocument();
    expect(screen.getByText('Fastmail, iCloud, Nextcloud and most calendar servers speak CalDAV. Use an app password made for this site, not your main password.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await interaction.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Server address is required')).toBeInTheDocument();
    expect(screen.getByText('User name is required')).toBeInTheDocument();
    expect(screen.getByText('App password is required')).toBeInTheDocument();
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);

    await fill(interaction, field('Server address'), 'http://127.0.0.1/');
    await fill(interaction, field('User name'), 'ama');
    await fill(interaction, field('App password'), 'app-password');
    await interaction.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Please use an https:// address')).toBeInTheDocument();
    expect(await server.env.db.selectFrom('calendarConnections').select('id').execute()).toEqual([]);
  });
});
