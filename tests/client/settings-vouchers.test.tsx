// The Vouchers section of Settings > Billing against a real API server: admins make a voucher in
// its modal (the form's messages first, nothing sent), see it listed with its discount and uses,
// and delete an unused one. A role user has no Billing tab at all (settings-billing.test.tsx).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill } from './render';
import { settingsPageTest } from './settings-page';

const page = settingsPageTest();

describe('Vouchers', () => {
  it('makes a voucher after the form refuses a bad code, lists it, and deletes it', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Billing');
    expect(await within(panel).findByText('No vouchers yet')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'New Voucher' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Voucher' });
    const calls = page.watchCalls('vouchers.create');
    await fill(user, within(dialog).getByLabelText(/^Code/), 'x!');
    await user.click(within(dialog).getByRole('button', { name: 'Create Voucher' }));
    expect(await within(dialog).findByText('Use 3 to 32 letters, digits, - or _')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a percentage between 0.01 and 100')).toBeInTheDocument();
    page.expectNothingSent(calls);
    // The First day calendar's arrows have names a screen reader can say.
    await user.click(within(dialog).getByRole('button', { name: 'First day' }));
    expect(await screen.findByRole('button', { name: 'Previous month' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeVisible();
    await user.keyboard('{Escape}');

    await fill(user, within(dialog).getByLabelText(/^Code/), 'Partner25');
    await user.click(within(dialog).getByText(/^Amount \(/));
    await fill(user, within(dialog).getByLabelText(/^Amount off/), '25.5');
    await fill(user, within(dialog).getByLabelText(/^Uses/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create Voucher' }));
    expect(await screen.findByText('Voucher created')).toBeInTheDocument();
    const table = await within(panel).findByRole('table', { name: 'Vouchers' });
    expect(await within(table).findByText('Partner25')).toBeInTheDocument();
    expect(within(table).getByText('€25.50')).toBeInTheDocument();
    expect(within(table).getByText('0 of 3')).toBeInTheDocument();
    const stored = await page.server.env.db.selectFrom('vouchers').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ code: 'Partner25', codeKey: 'PARTNER25', kind: 'amount', amountMinor: 2550, currency: 'EUR', maxUses: 3, appliesTo: 'all' });

    await user.click(within(table).getByRole('button', { name: 'Delete Partner25' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Voucher' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Voucher deleted')).toBeInTheDocument();
    await waitFor(async () => expect(await page.server.env.db.selectFrom('vouchers').select('id').execute()).toEqual([]));
  });
});
