// The privacy settings: the privacy page's texts (English, and French or its fallback to English)
// and the retention periods the scheduler applies (./retention.ts). Saving is audited and makes the
// public pages that show the text (/privacy, /fr/privacy) render afresh.
import { getPrivacySettings, savePrivacySettings } from './privacy-settings.repository';
import type { PrivacySettings } from './privacy.schemas';
import { changedFields, recordAudit, actorOf } from '@server/audit/audit.service';
import type { ServiceContext } from '@server/core/service-context';
import { changePublicData } from '@server/core/public-changes';

/** What the public privacy page shows (the texts and the periods it states), and what the editor edits. */
export function getPrivacyPage(ctx: Pick<ServiceContext, 'db'>): Promise<PrivacySettings> {
  return getPrivacySettings(ctx.db);
}

const FIELD_LABELS = {
  policyEn: 'English text',
  policyFr: 'French text',
  bookingRetentionMonths: 'booking retention',
  contactRetentionMonths: 'contact message retention',
  analyticsRetentionMonths: 'visit totals retention',
} as const;

export async function updatePrivacySettings(ctx: ServiceContext, input: PrivacySettings): Promise<PrivacySettings> {
  return changePublicData(ctx, ['settings'], async (trx) => {
    const before = await getPrivacySettings(trx);
    await savePrivacySettings(trx, input, new Date().toISOString());
    await recordAudit(trx, actorOf(ctx), { action: 'settings', entity: 'settings', entityId: 'privacy', summary: `privacy: ${changedFields(before, input, FIELD_LABELS)}` });
    return input;
  });
}
