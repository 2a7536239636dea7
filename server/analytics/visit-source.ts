// Where a visit came from and on what, from what the browser says: the referrer's host, the landing
// page's utm_* values and the user agent. Pure; the beacon and the booking forms share it.
import { isbot } from 'isbot';
import { type DeviceClass, NO_VISIT, type VisitAttribution, type VisitFields } from './analytics.schemas';

const SEARCH = /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|qwant|baidu|yandex|startpage|brave|search)\.[a-z.]+$/;
const LINKEDIN = /(^|\.)(linkedin\.com|lnkd\.in)$/;
const X = /(^|\.)(x\.com|twitter\.com|t\.co)$/;
const EMAIL = /(^|\.)(mail\.google\.com|outlook\.(live|office|office365)\.com|mail\.yahoo\.com)$|^(web)?mail\./;

/**
 * The source class of a referrer's host: search, linkedin, x, email, direct (no referrer, or this
 * site itself), or the host of any other site. A utm_medium of "email" (a newsletter's links) says
 * e-mail whatever the host.
 */
export function sourceOf(visit: VisitFields, siteHost: string): string {
  if (visit.um?.toLowerCase() === 'email') return 'email';
  const host = (visit.ref ?? '').replace(/^www\./, '');
  if (host === '' || host === siteHost.replace(/^www\./, '')) return 'direct';
  if (SEARCH.test(host)) return 'search';
  if (LINKEDIN.test(host)) return 'linkedin';
  if (X.test(host)) return 'x';
  if (EMAIL.test(host)) return 'email';
  return host;
}

/** What a booking stores about its visit (columns visit_*), null where the visit said nothing. */
export function visitAttribution(visit: VisitFields | undefined, siteHost: string): VisitAttribution {
  if (visit === undefined) return NO_VISIT;
  return {
    visitSource: sourceOf(visit, siteHost),
    visitUtmSource: visit.us || null,
    visitUtmMedium: visit.um || null,
    visitUtmCampaign: visit.uc || null,
  };
}

export function deviceOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Crawlers, link previews and headless browsers (isbot's list), and any request with no user agent. */
export function isBot(userAgent: string): boolean {
  return userAgent.trim() === '' || isbot(userAgent);
}
