// "Find a person" and the privacy settings: the address whose records are found, exported or
// erased; the privacy page's text (English required, French optional) and the retention periods.
// Zod only.
import { z } from 'zod';
import { optionalText, requiredEmail, requiredText } from '@server/shared/common.schemas';
import { keyed, type KeyedText } from '@server/shared/i18n/schema-messages';

export const personInput = z.object({ email: requiredEmail() });

/** Retention periods in whole months; null keeps the records until someone asks. */
export const RETENTION_MONTHS_RANGE = { min: 1, max: 120 } as const;

/** The privacy page's text: plain paragraphs, separated by blank lines. */
export const PRIVACY_TEXT_MAX = 20_000;

function retentionMonths(message: KeyedText) {
  return z
    .number({ error: message })
    .int(message)
    .min(RETENTION_MONTHS_RANGE.min, message)
    .max(RETENTION_MONTHS_RANGE.max, message)
    .nullable();
}

const { min, max } = RETENTION_MONTHS_RANGE;
const BOOKING_RETENTION_MESSAGE = keyed('api.privacy.bookingRetention', `Anonymise bookings after must be between ${min} and ${max} months`, { min, max });
const CONTACT_RETENTION_MESSAGE = keyed('api.privacy.contactRetention', `Delete contact messages after must be between ${min} and ${max} months`, { min, max });
const ANALYTICS_RETENTION_MESSAGE = keyed('api.privacy.analyticsRetention', `Keep daily visit totals for must be between ${min} and ${max} months`, { min, max });

/** How long the daily visit totals (server/analytics) are kept when no admin has said otherwise. */
export const DEFAULT_ANALYTICS_RETENTION_MONTHS = 24;

export const privacySettingsInput = z.object({
  policyEn: requiredText(keyed('api.privacy.englishText', 'The English privacy text is required'), PRIVACY_TEXT_MAX),
  policyFr: optionalText(PRIVACY_TEXT_MAX),
  /** Bookings and consultations are anonymised this many months after their time; null: never. */
  bookingRetentionMonths: retentionMonths(BOOKING_RETENTION_MESSAGE),
  /** Contact messages are deleted this many months after their last change; null: never. */
  contactRetentionMonths: retentionMonths(CONTACT_RETENTION_MESSAGE),
  /**
   * The daily visit totals are deleted this many months after their day; never off (they are
   * anonymous, but the table and the Analytics screen's reads must stay bounded). Absent: 24.
   */
  analyticsRetentionMonths: retentionMonths(ANALYTICS_RETENTION_MESSAGE).unwrap().default(DEFAULT_ANALYTICS_RETENTION_MONTHS),
});
export type PrivacySettings = z.output<typeof privacySettingsInput>;
