// The firm's identity as visitors see it: name, tagline, short description, contact details, map,
// social links and footer text. Set by admins on the Site tab of Settings. Zod only: the client's
// form validates with the same schema, so its messages are the server's.
import { z } from 'zod';
import { LOGO_PATH, MAP_MODES, SOCIAL_NETWORKS } from '@server/shared/site-identity';
import { brandColourIssues, DEFAULT_ACCENT, DEFAULT_PRIMARY, HEX_COLOUR } from '@server/shared/brand-colours';
import { isOneLine, LIMITS, ONE_LINE_MESSAGE, optionalLine, optionalText, requiredLine, tooLong } from '@server/shared/common.schemas';
import { keyed, type KeyedText } from '@server/shared/i18n/schema-messages';
import { translationsInput } from '@server/shared/i18n/translations.schemas';

export const IDENTITY_LIMITS = {
  tagline: 200,
  /** Search engines show about 160 characters of a description; link previews about as many. */
  description: 300,
  addressLines: 6,
  hours: 200,
  replyPromise: 200,
  footerText: 500,
} as const;

export { SOCIAL_NETWORKS, EMPTY_IDENTITY } from '@server/shared/site-identity';

export const EMAIL_MESSAGE = keyed('validation.emailInvalid', 'Please enter a valid email address');
export const PHONE_MESSAGE = keyed('api.identity.phone', 'Please enter a phone number: digits, spaces and + ( ) - . only');
export const LATITUDE_MESSAGE = keyed('api.identity.latitude', 'Latitude must be a number between -90 and 90');
export const LONGITUDE_MESSAGE = keyed('api.identity.longitude', 'Longitude must be a number between -180 and 180');
export const ADDRESS_LINES_MESSAGE = keyed('api.identity.addressLines', `At most ${IDENTITY_LIMITS.addressLines} address lines`, {
  max: IDENTITY_LIMITS.addressLines,
});

export const LOGO_MESSAGE = keyed('api.identity.logo', 'Please upload the logo as a PNG, JPEG or WebP image');

export const COLOUR_MESSAGE = keyed('api.identity.colour', 'Please enter a colour as # and six hex digits, e.g. #0b3d5c');

/** A brand colour: #rrggbb, stored in lower case; absent keeps the shipped one. */
function brandColour(fallback: string) {
  return z
    .string({ error: COLOUR_MESSAGE })
    .trim()
    .regex(HEX_COLOUR, COLOUR_MESSAGE)
    .transform((value) => value.toLowerCase())
    .default(fallback);
}

export function socialUrlMessage(label: string, host: string): KeyedText {
  return keyed('api.identity.social', `Please enter an https:// ${label} link on ${host}`, { network: label, host });
}

/** True for an https URL whose host is `host` or one of its subdomains (www., m., ...). */
export function isHttpsOn(value: string, hosts: readonly string[]): boolean {
  if (!isOneLine(value) || value.includes('\\')) return false;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false;
    const host = url.hostname.toLowerCase();
    return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  } catch {
    return false;
  }
}

function socialUrl(label: string, hosts: readonly string[]) {
  const message = socialUrlMessage(label, hosts[0] ?? '');
  return optionalText(LIMITS.url).refine((value) => value === null || isHttpsOn(value, hosts), message);
}

/** A coordinate typed into a form: blank is none; anything else must be a number in range. */
function coordinate(limit: number, message: KeyedText) {
  return z
    .number({ error: message })
    .min(-limit, message)
    .max(limit, message)
    .nullish()
    .transform((value) => value ?? null);
}

const socialLinks = z.object({
  linkedin: socialUrl('LinkedIn', SOCIAL_NETWORKS[0].hosts),
  x: socialUrl('X', SOCIAL_NETWORKS[1].hosts),
  facebook: socialUrl('Facebook', SOCIAL_NETWORKS[2].hosts),
  instagram: socialUrl('Instagram', SOCIAL_NETWORKS[3].hosts),
  youtube: socialUrl('YouTube', SOCIAL_NETWORKS[4].hosts),
});

/**
 * The identity's texts a visitor reads, in another language (French): each optional, with the
 * English field's limits; blank means not translated, and the pages show the English one.
 */
const translatedIdentityTexts = {
  tagline: optionalLine(IDENTITY_LIMITS.tagline),
  siteDescription: optionalText(IDENTITY_LIMITS.description),
  openingHours: optionalLine(IDENTITY_LIMITS.hours),
  replyPromise: optionalLine(IDENTITY_LIMITS.replyPromise),
  footerText: optionalText(IDENTITY_LIMITS.footerText),
};

const LATITUDE_REQUIRED = keyed('api.identity.latitudeRequired', 'Latitude is required for the map');
const LONGITUDE_REQUIRED = keyed('api.identity.longitudeRequired', 'Longitude is required for the map');

export const siteIdentityInput = z
  .object({
    /** The Site Name setting (also on the System tab). */
    siteName: requiredLine(keyed('api.settings.siteName', 'Site name is required'), LIMITS.title),
    tagline: optionalLine(IDENTITY_LIMITS.tagline),
    /** The Site Description setting: the meta description and the link previews' text. */
    siteDescription: optionalText(IDENTITY_LIMITS.description),
    contactEmail: optionalText(LIMITS.email)
      .refine((value) => value === null || z.email().safeParse(value).success, EMAIL_MESSAGE)
      .transform((value) => value?.toLowerCase() ?? null),
    contactPhone: optionalLine(LIMITS.phone).refine((value) => value === null || /^\+?[\d\s().-]{3,}$/.test(value), PHONE_MESSAGE),
    /** One line of the postal address per entry, blank lines dropped. */
    addressLines: z
      .array(z.string({ error: keyed('validation.text', 'Must be text') }).trim().max(LIMITS.title, tooLong(LIMITS.title)).refine(isOneLine, ONE_LINE_MESSAGE), {
        error: keyed('api.identity.lines', 'Must be a list of lines'),
      })
      .transform((lines) => lines.filter((line) => line !== ''))
      .pipe(z.array(z.string()).max(IDENTITY_LIMITS.addressLines, ADDRESS_LINES_MESSAGE)),
    openingHours: optionalLine(IDENTITY_LIMITS.hours),
    replyPromise: optionalLine(IDENTITY_LIMITS.replyPromise),
    /** none: no map; embed: an OpenStreetMap view at the point; link: a link to that view only. */
    mapMode: z.enum(MAP_MODES, { error: keyed('api.identity.mapMode', 'Please choose how to show the map') }),
    mapLatitude: coordinate(90, LATITUDE_MESSAGE),
    mapLongitude: coordinate(180, LONGITUDE_MESSAGE),
    social: socialLinks,
    footerText: optionalText(IDENTITY_LIMITS.footerText),
    /** The tagline, description, opening hours, reply promise and footer text in the other languages (French). */
    translations: translationsInput(translatedIdentityTexts),
    /** Carries white text (header, footer, buttons); links and headings on white. */
    primaryColor: brandColour(DEFAULT_PRIMARY),
    /** Behind primary-coloured labels (call-to-action buttons); headings and focus rings on primary. */
    accentColor: brandColour(DEFAULT_ACCENT),
    /** An uploaded PNG, JPEG or WebP ('/uploads/...'); none shows the initials. */
    logoUrl: optionalText(LIMITS.url).refine((value) => value === null || LOGO_PATH.test(value), LOGO_MESSAGE),
  })
  .superRefine((value, ctx) => {
    for (const issue of brandColourIssues(value.primaryColor, value.accentColor)) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: keyed(issue.key, issue.english, issue.values) });
    }
    if (value.mapMode === 'none') return;
    if (value.mapLatitude === null) ctx.addIssue({ code: 'custom', path: ['mapLatitude'], message: LATITUDE_REQUIRED });
    if (value.mapLongitude === null) ctx.addIssue({ code: 'custom', path: ['mapLongitude'], message: LONGITUDE_REQUIRED });
  });

export type SiteIdentityInput = z.input<typeof siteIdentityInput>;
export type SiteIdentity = z.output<typeof siteIdentityInput>;
/** What the identity group stores beside the System group's name and description (whose French value it keeps). */
export type StoredIdentity = Omit<SiteIdentity, 'siteName' | 'siteDescription'>;

