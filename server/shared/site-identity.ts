// What the public pages, the server's page head and the e-mails derive from the firm's contact
// details: the tel: link of a phone number and the OpenStreetMap addresses of the map's point.
import type { StoredIdentity } from '../schemas/site-identity';

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
