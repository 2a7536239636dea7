// The Settings screen's Billing tab against a real API server (see settings.test.tsx): admins only;
// a mistyped IBAN is refused on the form with its message and nothing is sent; a good save comes
// back normalised (the IBAN in groups of four) and is stored.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readBillingSettings } from '@server/invoices/billing-settings.repository';
import { DEFAULT_BILLING_SETTINGS } from '@server/invoices/billing-settings.schemas';
import { fill } from './render';
import { settingsPageTest } from './settings-page';

const page = settingsPageTest();

describe('Billing', () => {
  it('refuses an IBAN whose check digits do not match, sending nothing', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Billing');
    const calls = page.watchCalls('settings.updateBilling');
    // The tab fetches its settings once opened.
    await fill(user, await within(panel).findByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 01');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await within(panel).findByText('This IBAN is not valid: its check digits do not match (a typo?)')).toBeInTheDocument();
    page.expectNothingSent(calls);
    expect(await readBillingSettings(page.server.env.db)).toEqual(DEFAULT_BILLING_SETTINGS);
  });

  it('saves the firm, its bank account and prefixes', async () => {
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Billing');
    await fill(user, await within(panel).findByLabelText('Legal Name'), 'Northwind Expansion GmbH');
    await fill(user, within(panel).getByLabelText('Address'), 'Friedrichstraße 12');
    await fill(user, within(panel).getByLabelText('IBAN'), 'de89370400440532013000');
    await fill(user, within(panel).getByLabelText('Credit Note Prefix'), 'gs');
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Billing settings saved')).toBeInTheDocument();
    expect(within(panel).getByLabelText('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
    expect(await readBillingSettings(page.server.env.db)).toMatchObject({
      legalName: 'Northwind Expansion GmbH',
      addressLines: ['Friedrichstraße 12'],
      iban: 'DE89370400440532013000',
      invoicePrefix: 'INV',
      creditNotePrefix: 'GS',
    });
  });

  it('is not offered to a role user', async () => {
    await page.renderSettings(page.member);
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Billing' })).not.toBeInTheDocument();
  });
});
