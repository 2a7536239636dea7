// Site-wide settings: what the public pages read, the System group, and the whole Settings screen
// in one read (its account groups come from account-settings.service.ts, its e-mail group from
// email-settings.service.ts). The settings table's rows are read through settings.repository.ts.
import type { AccountContext, ServiceContext } from '@server/core/service-context';
import { plainReadNoInput } from '@server/core/service-context';
import { changePublicData } from '@server/core/public-changes';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import { type BackupStatus, getBackupStatus, getEmailSettings, getSystemAndIdentity, getSystemSettings as readSystemSettings, saveSystemSettings } from './settings.repository';
import type { SystemSettings, SystemSettingsUpdate } from './settings.schemas';
import type { SiteIdentity, StoredIdentity } from './site-identity.schemas';
import { getSiteIdentity } from './site-identity.service';
import { type NotificationSettings, notificationsOf, type ProfileSettings, profileOf, requireUser, type SecuritySettings, securityOf } from './account-settings.service';
import { type EmailSettingsView, emailViewOf } from './email-settings.service';

/** The System group as stored (defaults where nothing was saved): for routes and jobs that only read it. */
export const getSystemSettings = plainReadNoInput(readSystemSettings);

export type PublicSettings = Pick<
  SystemSettings,
  'siteName' | 'siteDescription' | 'timezone' | 'maintenanceMode' | 'allowRegistrations' | 'currency' | 'pricesIncludeTax'
> & {
  /** Tagline, contact details, map, social links and footer text (Settings, Site). */
  identity: StoredIdentity;
};

export interface AllSettings {
  profile: ProfileSettings;
  security: SecuritySettings;
  notifications: NotificationSettings;
  system: SystemSettings;
  /** The firm's identity as the Site tab edits it (public anyway). */
  identity: SiteIdentity;
  /** Admins only; null for role user. */
  email: EmailSettingsView | null;
  /** How the last automatic backup went; admins only, null for role user or before the first one. */
  backup: BackupStatus | null;
}

/** What the public site needs: name, description, timezone, the two access switches, how prices read and the firm's identity. */
export async function getPublicSettings({ db }: Pick<ServiceContext, 'db'>): Promise<PublicSettings> {
  const { system, identity } = await getSystemAndIdentity(db);
  const { siteName, siteDescription, timezone, maintenanceMode, allowRegistrations, currency, pricesIncludeTax } = system;
  return { siteName, siteDescription, timezone, maintenanceMode, allowRegistrations, currency, pricesIncludeTax, identity };
}

export async function getAllSettings({ db, user }: Pick<AccountContext, 'db' | 'user'>): Promise<AllSettings> {
  const userId = user.id;
  const row = await requireUser(db, userId);
  return {
    profile: profileOf(row),
    security: securityOf(row),
    notifications: notificationsOf(row),
    system: await readSystemSettings(db),
    identity: await getSiteIdentity(db),
    email: row.role === 'admin' ? emailViewOf(await getEmailSettings(db)) : null,
    backup: row.role === 'admin' ? await getBackupStatus(db) : null,
  };
}

export async function updateSystem(deps: ServiceContext, input: SystemSettingsUpdate): Promise<SystemSettings> {
  const actor = actorOf(deps);
  // The site name, timezone and switches are in every public page.
  return changePublicData(deps, ['settings'], async (trx) => {
    const before = await readSystemSettings(trx);
    // A field left out keeps its stored value.
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<SystemSettings>;
    await saveSystemSettings(trx, { ...before, ...given });
    const after = await readSystemSettings(trx);
    const labels = Object.fromEntries(Object.keys(after).map((key) => [key, key])) as Record<keyof SystemSettings, string>;
    await recordAudit(trx, actor, { action: 'settings', entity: 'settings', entityId: 'system', summary: `system: ${changedFields(before, after, labels)}` });
    return after;
  });
}
