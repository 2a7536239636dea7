// What the public pages, the server's page head and the e-mails derive from the firm's identity:
// the networks and map modes, the empty identity of a fresh install, the tel: link of a phone
// number and the OpenStreetMap addresses of the map's point.
import type { StoredIdentity } from '@server/settings/site-identity.schemas';
import { DEFAULT_ACCENT, DEFAULT_PRIMARY } from './brand-colours';
import { DEFAULT_LANGUAGE, firmText, type Language } from './i18n/languages';

// Kept apart from the zod schema (server/settings/site-identity.schemas.ts): the home page's script reads
// these without loading zod.
export const MAP_MODES = ['none', 'embed', 'link'] as const;

/** The networks a firm may link to, each with the hosts its profile pages live on. */
export const SOCIAL_NETWORKS = [
  { key: 'linkedin', label: 'LinkedIn', hosts: ['linkedin.com'] },
  { key: 'x', label: 'X', hosts: ['x.com', 'twitter.com'] },
  { key: 'facebook', label: 'Facebook', hosts: ['facebook.com'] },
  { key: 'instagram', label: 'Instagram', hosts: ['instagram.com'] },
  { key: 'youtube', label: 'YouTube', hosts: ['youtube.com'] },
] as const;


/** The number as a tel: link needs it: digits and a leading +. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '')}`;
}

/** Whether there is anything for a contact block to show. */
export function hasContactDetails(identity: StoredIdentity): boolean {
  return identity.contactEmail !== null || identity.contactPhone !== null || identity.addressLines.length > 0;
}

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** The map's point, when the identity shows a map (embedded or as a link). */
export function mapPointOf(identity: StoredIdentity): MapPoint | null {
  if (identity.mapMode === 'none' || identity.mapLatitude === null || identity.mapLongitude === null) return null;
  return { latitude: identity.mapLatitude, longitude: identity.mapLongitude };
}

function fixed(value: number): string {
  return value.toFixed(5).replace(/\.?0+$/, '');
}

/** OpenStreetMap's embeddable view around the point with a marker on it (no API key, no cookies). */
export function osmEmbedUrl(point: MapPoint): string {
  const span = 0.01;
  const bbox = [point.longitude - span, point.latitude - span / 2, point.longitude + span, point.latitude + span / 2].map(fixed).join('%2C');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${fixed(point.latitude)}%2C${fixed(point.longitude)}`;
}

/** OpenStreetMap's own page at the point. */
export function osmLinkUrl(point: MapPoint): string {
  const lat = fixed(point.latitude);
  const lon = fixed(point.longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`;
}

/** The founder's text a new install shows until the firm writes its own (Home Page). */
export const PLACEHOLDER_FOUNDER_BIO =
  'This is where the firm introduces its founder: an administrator writes this text under Home Page in the back office.';

/** A logo is an upload: '/uploads/<random name>.png|jpg|webp'. */
export const LOGO_PATH = /^\/uploads\/[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The sizes of the icons made from the logo: the favicon, the home-screen icon of iPhones, and the large one. */
export const ICON_SIZES = [32, 180, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** Where the icon of `size` made from `logoUrl` is served, beside the logo. */
export function iconUrlOf(logoUrl: string, size: IconSize): string {
  return logoUrl.replace(/\.(png|jpg|webp)$/, `-icon-${size}.png`);
}

/** The mark of a site without a logo, as an SVG: its initials on a rounded square of the primary colour. */
export function initialsIconSvg(initials: string, primary: string, accent: string): string {
  const text = initials.replace(/[^\p{L}\p{N}]/gu, '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${primary}"/>` +
    `<text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="Arial,Helvetica,sans-serif" font-size="${text.length > 1 ? 26 : 32}" font-weight="700" fill="${accent}">${text}</text></svg>`
  );
}

/** Up to two letters standing for the firm: the first letters of its first two words ('Kestrel & Finch' is 'KF'). */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** No tagline, no contact details, no map, no links: what a fresh install has. */
export const EMPTY_IDENTITY: StoredIdentity = {
  tagline: null,
  contactEmail: null,
  contactPhone: null,
  addressLines: [],
  openingHours: null,
  replyPromise: null,
  mapMode: 'none',
  mapLatitude: null,
  mapLongitude: null,
  social: { linkedin: null, x: null, facebook: null, instagram: null, youtube: null },
  footerText: null,
  primaryColor: DEFAULT_PRIMARY,
  accentColor: DEFAULT_ACCENT,
  logoUrl: null,
  translations: {},
};

/**
 * The identity as a page in `language` shows it: each text a visitor reads in that language when it
 * has one, else the English one (none stays none). Pure and free of zod, like homeContentIn.
 */
export function identityIn(identity: StoredIdentity, language: Language): StoredIdentity {
  if (language === DEFAULT_LANGUAGE) return identity;
  const text = (field: 'tagline' | 'openingHours' | 'replyPromise' | 'footerText') =>
    firmText(identity[field] ?? '', identity.translations, field, language) || identity[field];
  return { ...identity, tagline: text('tagline'), openingHours: text('openingHours'), replyPromise: text('replyPromise'), footerText: text('footerText') };
}

/** The site's short description in `language`: its French value (kept with the identity) when it has one. */
export function siteDescriptionIn(english: string | null, identity: StoredIdentity, language: Language): string | null {
  return firmText(english ?? '', identity.translations, 'siteDescription', language) || english;
}
