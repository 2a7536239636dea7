// The privacy settings (the privacy page's texts and the retention periods): one JSON row of the
// settings table under 'privacy', read field by field with its schema and defaults, so a fresh
// install has a text to start from, the bookings' and contacts' retention off and visit totals
// kept 24 months.
import type { DB } from '@db/database';
import { readStoredFields } from '@server/core/stored-json';
import { DEFAULT_ANALYTICS_RETENTION_MONTHS, type PrivacySettings, privacySettingsInput } from './privacy.schemas';

const PRIVACY_KEY = 'privacy';

/**
 * What a fresh install's privacy page says until an admin edits it: plain paragraphs, written so a
 * firm can keep most of it. The retention periods are stated by the page itself, from the settings.
 */
export const DEFAULT_PRIVACY_TEXT = [
  'This page explains which personal data we collect through this website, why, and what you can ask us to do with it.',
  'When you book a session, book a consultation or send us a message, we keep what you typed in the form: your name, your e-mail address, your phone number if you gave one, your company and your answers. We use them only to organise the booking or to answer you, and to send you the e-mails about it.',
  'We do not sell your data or share it with advertisers. The e-mails are sent through our own mail server; the site sets no tracking cookies.',
  'You may ask us at any time for a copy of everything we hold about you, or to delete it. Write to us at the address on our contact page and we will answer within one month.',
].join('\n\n');

export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  policyEn: DEFAULT_PRIVACY_TEXT,
  policyFr: null,
  bookingRetentionMonths: null,
  contactRetentionMonths: null,
  analyticsRetentionMonths: DEFAULT_ANALYTICS_RETENTION_MONTHS,
};

export async function getPrivacySettings(db: DB): Promise<PrivacySettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', PRIVACY_KEY).executeTakeFirst();
  // Field by field: a damaged retention period reads as none (nothing is deleted), a damaged text as the shipped one.
  return readStoredFields('settings group "privacy"', row?.value, privacySettingsInput.shape, DEFAULT_PRIVACY_SETTINGS);
}

export async function savePrivacySettings(db: DB, settings: PrivacySettings, nowIso: string): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insertInto('settings')
    .values({ key: PRIVACY_KEY, value, updatedAt: nowIso })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt: nowIso }))
    .execute();
}
