// The Billing tab: admins only, audited; the IBAN is checked for its country, its length and its
// mod-97 check digits, the BIC and the VAT number for their shape, each with a field message in
// English and French; saved values come back normalised, and empty prefixes are the defaults.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18nOf } from '@server/shared/i18n/catalogs';
import { messageOfText } from '@server/shared/i18n/schema-messages';
import { createTestEnv, expectAdminOnly, expectFieldErrors, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { type BillingSettingsInput, billingSettingsInput } from './billing-settings.schemas';

const GOOD: BillingSettingsInput = {
  legalName: 'Northwind Expansion GmbH',
  addressLines: ['Friedrichstraße 12', ''],
  postcode: '10117',
  city: 'Berlin',
  country: 'de',
  vatNumber: 'de 123 456 789',
  accountHolder: 'Northwind Expansion GmbH',
  iban: 'de89 3704 0044 0532 0130 00',
  bic: 'cobadeffxxx',
  invoicePrefix: '',
  creditNotePrefix: 'gs',
  paymentTerms: 'Payable within 14 days without deduction.',
};

describe('billing settings', () => {
  let env: TestEnv;
  let callers: RoleCallers;

  beforeEach(async () => {
    env = await createTestEnv();
    callers = await roleCallers(env);
  });

  afterEach(async () => {
    await env.close();
  });

  it('lets only admins read and save them', async () => {
    await expectAdminOnly(callers, (c) => c.settings.billing());
    await expectAdminOnly(callers, (c) => c.settings.updateBilling(GOOD));
  });

  it('starts with the default prefixes and nothing else', async () => {
    expect(await callers.admin.settings.billing()).toEqual({
      legalName: '',
      addressLines: [],
      postcode: '',
      city: '',
      country: '',
      vatNumber: '',
      accountHolder: '',
      iban: '',
      bic: '',
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
      paymentTerms: '',
    });
  });

  it('saves them normalised and audits the fields that changed', async () => {
    const saved = await callers.admin.settings.updateBilling(GOOD);
    expect(saved).toEqual({
      legalName: 'Northwind Expansion GmbH',
      addressLines: ['Friedrichstraße 12'],
      postcode: '10117',
      city: 'Berlin',
      country: 'DE',
      vatNumber: 'DE123456789',
      accountHolder: 'Northwind Expansion GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      invoicePrefix: 'INV',
      creditNotePrefix: 'GS',
      paymentTerms: 'Payable within 14 days without deduction.',
    });
    expect(await callers.admin.settings.billing()).toEqual(saved);
    await callers.admin.settings.updateBilling({ ...GOOD, city: 'Potsdam' });
    const audit = await env.db.selectFrom('auditLog').select(['summary', 'userId']).where('entityId', '=', 'billing').orderBy('createdAt').orderBy('id').execute();
    expect(audit.map((row) => row.summary)).toEqual([
      'billing: legal name, address, postcode, city, country, VAT number, account holder, IBAN, BIC, credit note prefix, payment terms',
      'billing: city',
    ]);
    expect(audit[0]?.userId).toBe(callers.adminAccount.user.id);
  });

  it('refuses a bad IBAN, BIC, VAT number or prefix with field messages', async () => {
    // One digit changed: the mod-97 check digits no longer match.
    await expectFieldErrors(callers.admin.settings.updateBilling({ ...GOOD, iban: 'DE89 3704 0044 0532 0130 01' }), {
      iban: 'This IBAN is not valid: its check digits do not match (a typo?)',
    });
    await expectFieldErrors(callers.admin.settings.updateBilling({ ...GOOD, iban: 'DE89 3704 0044 0532 0130' }), {
      iban: 'This IBAN has the wrong length for its country',
    });
    await expectFieldErrors(callers.admin.settings.updateBilling({ ...GOOD, iban: '1234' }), {
      iban: 'An IBAN starts with a country code and two check digits, such as DE89…',
    });
    await expectFieldErrors(
      callers.admin.settings.updateBilling({ ...GOOD, bic: 'COBA', vatNumber: '123', invoicePrefix: 'INV-', creditNotePrefix: 'inv', country: 'XX' }),
      {
        bic: 'A BIC has 8 or 11 letters and digits, such as DEUTDEFF',
        vatNumber: 'A VAT number starts with a country code, such as DE123456789',
        invoicePrefix: 'Use 1 to 10 capital letters or digits, such as INV',
        country: 'Please choose a country',
      },
    );
    await expectFieldErrors(callers.admin.settings.updateBilling({ ...GOOD, invoicePrefix: 'inv', creditNotePrefix: 'INV' }), {
      creditNotePrefix: 'Credit notes need a prefix of their own',
    });
    // Nothing was saved.
    expect((await callers.admin.settings.billing()).iban).toBe('');
  });

  it('says the IBAN messages in French too', () => {
    const parsed = billingSettingsInput.safeParse({ ...GOOD, iban: 'DE89 3704 0044 0532 0130 01' });
    const issue = parsed.error?.issues.find((one) => one.path[0] === 'iban');
    const said = issue === undefined ? null : messageOfText(issue.message);
    expect(said === null ? null : i18nOf('fr')._(said.key, said.values)).toBe(
      "Cet IBAN n'est pas valide : ses chiffres de contrôle ne correspondent pas (une faute de frappe ?)",
    );
  });
});
