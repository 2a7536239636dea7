// The back office's skip link: the first Tab stop, and it moves focus past the header and the
// navigation to the screen.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { AdminLayout } from '@client/features/admin/AdminLayout';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderRoute, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
});
it('is the first Tab stop and moves focus to the main content', async () => {
  await renderRoute(AdminLayout, { baseUrl: server.baseUrl, sessionToken: admin.token, path: '/admin/dashboard' });
  const interaction = userEvent.setup();
  await interaction.tab();
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(skip).toHaveFocus();
  expect(skip).toHaveAttribute('href', '#admin-main');
  await interaction.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
});
