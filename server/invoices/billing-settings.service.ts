// The Billing tab (admins only): what every invoice prints about the firm. A save is audited with
// the fields it changed; invoices already issued keep the copy they were issued with.
import type { ServiceContext } from '@server/core/service-context';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import type { BillingSettings } from './billing-settings.schemas';
import { readBillingSettings, saveBillingSettings } from './billing-settings.repository';

export function getBillingSettings(ctx: Pick<ServiceContext, 'db'>): Promise<BillingSettings> {
  return readBillingSettings(ctx.db);
}

const LABELS: Record<keyof BillingSettings, string> = {
  legalName: 'legal name',
  addressLines: 'address',
  postcode: 'postcode',
  city: 'city',
  country: 'country',
  vatNumber: 'VAT number',
  accountHolder: 'account holder',
  iban: 'IBAN',
  bic: 'BIC',
  invoicePrefix: 'invoice prefix',
  creditNotePrefix: 'credit note prefix',
  paymentTerms: 'payment terms',
};

export async function updateBillingSettings(ctx: ServiceContext, input: BillingSettings): Promise<BillingSettings> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await readBillingSettings(trx);
    await saveBillingSettings(trx, input);
    const after = await readBillingSettings(trx);
    // The address is a list: compared as its text so an unchanged address is not named.
    const asText = (settings: BillingSettings) => ({ ...settings, addressLines: settings.addressLines.join('\n') });
    await recordAudit(trx, actorOf(ctx), { action: 'settings', entity: 'settings', entityId: 'billing', summary: `billing: ${changedFields(asText(before), asText(after), LABELS)}` });
    return after;
  });
}
