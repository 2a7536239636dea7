// The firm's identity (Settings, Site): the Site Name and Site Description of the System group plus
// the identity group (tagline, contact details, map, social links, footer text, brand colours,
// logo, and the visitor's texts in French). Every public page,
// e-mail and calendar file reads it; a save empties the public-read and page caches on every instance.
import type { DB } from '@db/database';
import type { AppDeps } from '@server/core/deps';
import { getSystemAndIdentity, getSystemSettings, saveIdentity, saveSystemSettings } from './settings.repository';
import type { SiteIdentity, StoredIdentity } from './site-identity.schemas';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import type { ServiceContext } from '@server/core/service-context';
import { changePublicData } from '@server/core/public-changes';
import { makeSiteIcons } from './site-icons';

export async function getSiteIdentity(db: DB): Promise<SiteIdentity> {
  const { system, identity } = await getSystemAndIdentity(db);
  return { siteName: system.siteName, siteDescription: system.siteDescription, ...identity };
}

const LABELS: Record<keyof SiteIdentity, string> = {
  siteName: 'site name',
  tagline: 'tagline',
  siteDescription: 'description',
  contactEmail: 'contact e-mail',
  contactPhone: 'phone',
  addressLines: 'address',
  openingHours: 'opening hours',
  replyPromise: 'reply promise',
  mapMode: 'map',
  mapLatitude: 'map latitude',
  mapLongitude: 'map longitude',
  social: 'social links',
  footerText: 'footer text',
  translations: 'French texts',
  primaryColor: 'primary colour',
  accentColor: 'accent colour',
  logoUrl: 'logo',
};

/** Saves the whole identity (admins); audited with the names of the fields that changed. */
export async function updateSiteIdentity(deps: ServiceContext & Pick<AppDeps, 'uploadsDir'>, input: SiteIdentity): Promise<SiteIdentity> {
  const actor = actorOf(deps);
  // The icons first: a logo that cannot be read is refused before anything is saved.
  if (input.logoUrl !== null) await makeSiteIcons(deps.uploadsDir, input.logoUrl);
  return changePublicData(deps, ['settings'], async (trx) => {
    const before = await getSiteIdentity(trx);
    const { siteName, siteDescription, ...identity } = input;
    const system = await getSystemSettings(trx);
    await saveSystemSettings(trx, { ...system, siteName, siteDescription });
    const stored: StoredIdentity = identity;
    await saveIdentity(trx, stored);
    const after = await getSiteIdentity(trx);
    await recordAudit(trx, actor, {
      action: 'settings',
      entity: 'settings',
      entityId: 'identity',
      summary: `site: ${changedFields(before, after, LABELS)}`,
    });
    return after;
  });
}

/** The lines a message signs with: the firm's name, then whichever contact details exist. */
export function signatureLines(identity: SiteIdentity): string[] {
  const lines = [identity.siteName, ...identity.addressLines];
  if (identity.contactPhone !== null) lines.push(identity.contactPhone);
  if (identity.contactEmail !== null) lines.push(identity.contactEmail);
  return lines;
}
