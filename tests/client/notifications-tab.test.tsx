// The Notifications tab's 'Send me this report now' against a real API server: the weekly report
// goes into the outbox for the caller's own address and the tab says where it went. The open tab
// comes from the URL's ?tab=, which staff e-mails link to.
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsPage } from '@client/features/admin/settings/SettingsPage';
import { validateSettingsSearch } from '@client/features/admin/settings/settings-tabs';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let member: TestAccount;

beforeEach(async () => {
  member = await createAccount(server.env.db, 'user', { name: 'Uma User', email: 'uma@example.com' });
});
afterEach(async () => {
  notifications.clean();
});

describe('Notifications tab', () => {
  it("'Send me this report now' writes the weekly report to the caller and says 'Report sent to <email>.'", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsPage />, { baseUrl: server.baseUrl, sessionToken: member.token });
    await user.click(await screen.findByRole('tab', { name: 'Notifications' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('switch', { name: /^Weekly Reports/ })).toHaveAccessibleName(
      "Weekly Reports Mondays at 08:00: last week's bookings, messages and failed e-mails, and the week's sessions.",
    );
    await user.click(within(panel).getByRole('button', { name: 'Send me this report now' }));
    expect(await screen.findByText('Report sent to uma@example.com.')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('emailOutbox').select(['kind', 'toAddress']).execute();
    expect(stored).toEqual([{ kind: 'weekly-report', toAddress: 'uma@example.com' }]);
  });
});

describe('the tab in the URL (/admin/settings?tab=notifications, the link that ends staff e-mails)', () => {
  it('keeps only known tabs in the search', () => {
    expect(validateSettingsSearch({ tab: 'notifications' })).toEqual({ tab: 'notifications' });
    expect(validateSettingsSearch({ tab: 'emailLog' })).toEqual({ tab: 'emailLog' });
    expect(validateSettingsSearch({ tab: 'nope' })).toEqual({});
    expect(validateSettingsSearch({})).toEqual({});
  });

  it('opens the named tab, reports tab changes, and gives a role user Profile for an admin-only tab', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    const view = renderWithProviders(<SettingsPage tab="notifications" onTabChange={(tab) => changes.push(tab)} />, {
      baseUrl: server.baseUrl,
      sessionToken: member.token,
    });
    expect(await screen.findByRole('tab', { name: 'Notifications', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me this report now' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(changes).toEqual(['security']);
    view.unmount();

    renderWithProviders(<SettingsPage tab="users" />, { baseUrl: server.baseUrl, sessionToken: member.token });
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
  });
});
