// The Settings screen's Email and Users tabs against a real API server (see settings.test.tsx).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_SETTINGS,
  getEmailSettings,
  saveEmailSettings,
} from '@server/settings/settings.repository';
import { findUserById } from '@server/identity/users.repository';
import { startSmtpServer } from '@tests/support/smtp';
import { fill } from './render';
import { settingsPageTest } from './settings-page';

const page = settingsPageTest();

describe('Email', () => {
  it.each([
    ['', 'blank'],
    ['70000', 'too high'],
  ])('refuses a port of "%s" (%s) when a host is set, and a bad from address, sending nothing', async (port) => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Email');
    const calls = page.watchCalls('settings.updateEmail');
    await fill(user, within(panel).getByLabelText('SMTP Host'), 'smtp.example.com');
    await fill(user, within(panel).getByLabelText('Port'), port);
    await fill(user, within(panel).getByLabelText('From Email'), 'not-an-address');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));

    expect(await within(panel).findByText('Valid SMTP port is required (1-65535)')).toBeInTheDocument();
    expect(within(panel).getByText('Valid from email address is required')).toBeInTheDocument();
    page.expectNothingSent(calls);
    expect(await getEmailSettings(page.server.env.db)).toEqual(DEFAULT_EMAIL_SETTINGS);
  });

  it('never shows the stored SMTP password, keeps it when left blank and removes it on request', async () => {
    const secret = 'stored-smtp-secret-42';
    await saveEmailSettings(page.server.env.db, {
      ...DEFAULT_EMAIL_SETTINGS,
      smtpHost: 'smtp.example.com',
      smtpUser: 'mailer',
      smtpPassword: secret,
      fromEmail: 'desk@example.com',
    });
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Email');
    const password = within(panel).getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'Saved password (leave blank to keep)');
    expect(document.body.innerHTML).not.toContain(secret);
    expect(within(panel).getByLabelText('Port')).toHaveValue('587');

    await fill(user, within(panel).getByLabelText('From Name'), 'Bookings Desk');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument();
    expect(await getEmailSettings(page.server.env.db)).toMatchObject({ fromName: 'Bookings Desk', smtpPassword: secret });
    expect(document.body.innerHTML).not.toContain(secret);

    await user.click(within(panel).getByRole('checkbox', { name: 'Remove the saved password' }));
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    await waitFor(async () => expect((await getEmailSettings(page.server.env.db)).smtpPassword).toBeNull());
    await waitFor(() => expect(within(panel).queryByRole('checkbox', { name: 'Remove the saved password' })).not.toBeInTheDocument());
    expect(within(panel).getByLabelText('Password')).not.toHaveAttribute('placeholder');
  });

  it('sends a typed password only when one is typed', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Email');
    await fill(user, within(panel).getByLabelText('SMTP Host'), 'smtp.example.com');
    await fill(user, within(panel).getByLabelText('Password'), 'typed-secret');
    await fill(user, within(panel).getByLabelText('From Email'), 'desk@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument();
    expect(await getEmailSettings(page.server.env.db)).toMatchObject({ smtpHost: 'smtp.example.com', smtpPassword: 'typed-secret' });
    expect(within(panel).getByLabelText('Password')).toHaveValue('');
    expect(within(panel).getByLabelText('Password')).toHaveAttribute('placeholder', 'Saved password (leave blank to keep)');
  });

  it("asks for SMTP settings before testing (the server's words)", async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Email');
    await user.click(within(panel).getByRole('button', { name: 'Test Email Configuration' }));
    expect(await screen.findByText('Please configure SMTP settings before testing')).toBeInTheDocument();
  });

  it('sends a real test message with the values on screen, unsaved', async () => {
    const smtp = await startSmtpServer();
    try {
      const user = await page.renderSettings();
      const panel = await page.openTab(user, 'Email');
      await fill(user, within(panel).getByLabelText('SMTP Host'), '127.0.0.1');
      await fill(user, within(panel).getByLabelText('Port'), String(smtp.port));
      await fill(user, within(panel).getByLabelText('From Email'), 'desk@example.com');
      await user.click(within(panel).getByRole('button', { name: 'Test Email Configuration' }));

      expect(await screen.findByText('Test email sent to ada@example.com')).toBeInTheDocument();
      expect(smtp.received.map((mail) => mail.rcptTo)).toEqual([['ada@example.com']]);
      expect(await getEmailSettings(page.server.env.db)).toEqual(DEFAULT_EMAIL_SETTINGS);
    } finally {
      await smtp.close();
    }
  });

  it('asks for the stored password again, under its field, before testing another server', async () => {
    await saveEmailSettings(page.server.env.db, {
      ...DEFAULT_EMAIL_SETTINGS,
      smtpHost: 'smtp.example.com',
      smtpUser: 'mailer',
      smtpPassword: 'stored-smtp-secret-42',
      fromEmail: 'desk@example.com',
    });
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Email');
    await fill(user, within(panel).getByLabelText('SMTP Host'), 'smtp.elsewhere.example');
    await user.click(within(panel).getByRole('button', { name: 'Test Email Configuration' }));
    const message = 'Enter the SMTP password again: the server or user changed.';
    expect(await within(panel).findByText(message)).toBeInTheDocument();
    expect(within(panel).getByLabelText('Password')).toHaveAccessibleDescription(message);
  });

  it('reports a failed test message with the reason', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Email');
    await fill(user, within(panel).getByLabelText('SMTP Host'), '127.0.0.1');
    await fill(user, within(panel).getByLabelText('Port'), '9');
    await fill(user, within(panel).getByLabelText('From Email'), 'desk@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Test Email Configuration' }));
    expect(await screen.findByText(/^Failed to send test email: .+/, undefined, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('Users', () => {
  it('lists accounts, adds one and deletes it after confirmation', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Users');
    const table = await within(panel).findByRole('table', { name: 'User accounts' });
    await within(table).findByText('uma@example.com');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Last Sign-In',
      'Actions',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await fill(user, within(dialog).getByLabelText(/Full Name/), 'Nia New');
    await fill(user, within(dialog).getByLabelText(/Email Address/), 'nia@example.com');
    await fill(user, within(dialog).getByLabelText(/^Password/), 'nia-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User Nia New added successfully')).toBeInTheDocument();
    const row = (await within(table).findByText('nia@example.com')).closest('tr');
    if (row === null) throw new Error('no row for the new account');
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Delete Nia New' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete User' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User Nia New deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('nia@example.com')).not.toBeInTheDocument());
    const left = await page.server.env.db.selectFrom('users').select('email').where('email', '=', 'nia@example.com').execute();
    expect(left).toEqual([]);
  });

  it('searches on the server', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Users');
    const table = await within(panel).findByRole('table', { name: 'User accounts' });
    await within(table).findByText('uma@example.com');
    await fill(user, within(panel).getByLabelText('Search users'), 'uma');
    await waitFor(() => expect(within(table).queryByText('ada@example.com')).not.toBeInTheDocument());
    expect(within(table).getByText('uma@example.com')).toBeInTheDocument();
    await fill(user, within(panel).getByLabelText('Search users'), 'uma-nobody');
    expect(await within(table).findByText('No users found')).toBeInTheDocument();
  });

  it('changes another account and disables your own role with a hint', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Users');
    const table = await within(panel).findByRole('table', { name: 'User accounts' });
    await within(table).findByText('ada@example.com');

    await user.click(within(table).getByRole('button', { name: 'Edit Ada Admin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('combobox', { name: /Role/ })).toBeDisabled();
    expect(within(dialog).getByText('You cannot change your own role.')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Ada Admin' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: 'Edit Uma User' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Administrator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText('User Uma User updated successfully')).toBeInTheDocument();
    expect((await findUserById(page.server.env.db, page.member.user.id))?.role).toBe('admin');
    await page.server.env.db.updateTable('users').set({ role: 'user' }).where('id', '=', page.member.user.id).execute();
  });
});
