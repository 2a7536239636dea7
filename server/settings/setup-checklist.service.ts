// The dashboard's "Set up your site" checklist for admins: what a firm still has to fill in before
// the site is its own, each item ticked from what is stored (nothing is remembered separately).
import type { ServiceContext } from '@server/core/service-context';
import { anyEventExists } from '@server/events/events.repository';
import { findHomeContent } from '@server/home-page/home-page.repository';
import { parseHomeContent } from '@server/home-page/home-page.service';
import type { HomeContent } from '@server/home-page/home-page.schemas';
import { DamagedStoredValueError } from '@server/core/stored-json';
import { getSystemAndEmailSettings } from './settings.repository';
import { hasContactDetails, PLACEHOLDER_FOUNDER_BIO } from '@server/shared/site-identity';
import { toMailSettings } from '@server/email/smtp';

export const SETUP_ITEMS = ['logo', 'contact', 'homeContent', 'firstEvent', 'smtp'] as const;
export type SetupItem = (typeof SETUP_ITEMS)[number];

export interface SetupChecklist {
  items: { key: SetupItem; done: boolean }[];
  /** All done: the dashboard then leaves the checklist out. */
  complete: boolean;
}

/**
 * The home page counts as the firm's own once its founder text is no longer the shipped placeholder,
 * or it has testimonials. Content too damaged to read (the log says why) is not done.
 */
function homeContentWritten(content: string | undefined): boolean {
  if (content === undefined) return false;
  let parsed: HomeContent;
  try {
    parsed = parseHomeContent(content);
  } catch (error) {
    if (error instanceof DamagedStoredValueError) return false;
    throw error;
  }
  const placeholder = parsed.founder.bio.length === 1 && parsed.founder.bio[0] === PLACEHOLDER_FOUNDER_BIO;
  return !placeholder || parsed.testimonials.length > 0;
}

export async function setupChecklist({ db }: Pick<ServiceContext, 'db'>): Promise<SetupChecklist> {
  const [{ identity, email }, home, hasEvent] = await Promise.all([
    getSystemAndEmailSettings(db),
    findHomeContent(db),
    anyEventExists(db),
  ]);
  const done: Record<SetupItem, boolean> = {
    logo: identity.logoUrl !== null,
    contact: hasContactDetails(identity),
    homeContent: homeContentWritten(home?.content),
    firstEvent: hasEvent,
    smtp: toMailSettings(email) !== null,
  };
  const items = SETUP_ITEMS.map((key) => ({ key, done: done[key] }));
  return { items, complete: items.every((item) => item.done) };
}
