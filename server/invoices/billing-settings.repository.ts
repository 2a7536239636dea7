// The Billing tab's settings group ('billing'): one JSON row of the settings table, read field by
// field like every settings group (a damaged field reads as its default, with a warning).
import type { DB } from '@db/database';
import { readStoredFields } from '@server/core/stored-json';
import { type BillingSettings, billingSettingsInput, DEFAULT_BILLING_SETTINGS } from './billing-settings.schemas';

export async function readBillingSettings(db: DB): Promise<BillingSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'billing').executeTakeFirst();
  return readStoredFields('settings group "billing"', row?.value, billingSettingsInput.shape, DEFAULT_BILLING_SETTINGS);
}

export async function saveBillingSettings(db: DB, settings: BillingSettings): Promise<void> {
  const value = JSON.stringify(settings);
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ key: 'billing', value, updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt }))
    .execute();
}
