// The head of a page, written by the server for each page from the site's settings and
// PUBLIC_ORIGIN: title, description, canonical link, hreflang alternates, Open Graph and Twitter
// tags, the firm as JSON-LD, its icons and brand colours. Search engines and link previews read it
// without running the client.
import { brandCss, DEFAULT_ACCENT, DEFAULT_PRIMARY } from '@server/shared/brand-colours';
import { iconUrlOf, initialsIconSvg } from '@server/shared/site-identity';
import { DEFAULT_LANGUAGE, type Language, LANGUAGE_CODES, pathInLanguage } from '@server/shared/i18n/languages';
import { i18nOf } from '@server/shared/i18n/catalogs';
import { isSitePage } from '@server/shared/site-pages';
import type { EventDto } from '@server/events/events.repository';
import type { PublicSettings } from '@server/settings/settings.service';
import { scriptSafeJson } from './ssr';

/** Said, in the page's language, when the site has neither a description nor a tagline. */
export function fallbackDescription(siteName: string, language: Language): string {
  return i18nOf(language)._('page.description', { siteName });
}

/** The picture of an event without one (the client's public folder). */
export const DEFAULT_EVENT_IMAGE = '/images/events/default-event.svg';

/** Link previews cut a description near 160 characters: a long one is shortened at a word. */
const DESCRIPTION_MAX = 160;

/** An event page's description: the event's own, else its dates (`dateText`) and place, else the site's. */
export function eventDescription(event: Pick<EventDto, 'description' | 'location'>, dateText: string | null, siteDescription: string): string {
  const own = (event.description ?? '').replace(/\s+/g, ' ').trim();
  if (own !== '') {
    if (own.length <= DESCRIPTION_MAX) return own;
    const cut = own.slice(0, DESCRIPTION_MAX - 1);
    const space = cut.lastIndexOf(' ');
    return `${(space > 80 ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  const facts = [dateText, event.location].map((fact) => fact?.trim() ?? '').filter((fact) => fact !== '');
  return facts.length > 0 ? facts.join(', ') : siteDescription;
}

/** A site path (or an address already absolute) as an absolute URL. */
export function absoluteUrl(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page without its query. */
  canonical: string;
  siteName: string;
  /** The schema.org Organization the page belongs to (JSON-LD), for search engines. */
  organization?: Record<string, unknown>;
  /** The site's brand colours, when they are not the shipped ones. */
  colours?: { primary: string; accent: string };
  /** The favicon and touch icons: made from the logo, or the initials' mark without one. */
  icons?: { logoUrl: string | null; initials: string; primary: string; accent: string; origin: string };
  /** Absolute URL of the picture link previews show (an event's); the logo's otherwise. */
  image?: string;
  /** The page in each language, for a page that exists in all of them (hreflang alternates). */
  alternates?: { hreflang: string; href: string }[];
}

function iconTags(icons: NonNullable<PageHead['icons']>, withImage: boolean): string[] {
  if (icons.logoUrl === null) {
    const svg = initialsIconSvg(icons.initials, icons.primary, icons.accent);
    return [`<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${escapeHtml(encodeURIComponent(svg))}" />`];
  }
  return [
    `<link rel="icon" type="image/png" sizes="32x32" href="${escapeHtml(iconUrlOf(icons.logoUrl, 32))}" />`,
    `<link rel="icon" type="image/png" sizes="512x512" href="${escapeHtml(iconUrlOf(icons.logoUrl, 512))}" />`,
    `<link rel="apple-touch-icon" sizes="180x180" href="${escapeHtml(iconUrlOf(icons.logoUrl, 180))}" />`,
    ...(withImage ? [`<meta property="og:image" content="${escapeHtml(`${icons.origin}${iconUrlOf(icons.logoUrl, 512)}`)}" />`] : []),
  ];
}

/** The firm as a schema.org Organization: name, address, contact points and social profiles. */
export function organizationOf(settings: PublicSettings, origin: string): Record<string, unknown> {
  const { identity } = settings;
  const sameAs = Object.values(identity.social).filter((url): url is string => url !== null);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.siteName,
    url: `${origin}/`,
    ...(settings.siteDescription === null ? {} : { description: settings.siteDescription }),
    ...(identity.tagline === null ? {} : { slogan: identity.tagline }),
    ...(identity.contactEmail === null ? {} : { email: identity.contactEmail }),
    ...(identity.contactPhone === null ? {} : { telephone: identity.contactPhone }),
    ...(identity.addressLines.length === 0 ? {} : { address: { '@type': 'PostalAddress', streetAddress: identity.addressLines.join(', ') } }),
    ...(sameAs.length === 0 ? {} : { sameAs }),
    ...(identity.logoUrl === null ? {} : { logo: `${origin}${identity.logoUrl}` }),
  };
}

export function coloursOf(settings: PublicSettings): Pick<PageHead, 'colours'> {
  const { primaryColor: primary, accentColor: accent } = settings.identity;
  return primary === DEFAULT_PRIMARY && accent === DEFAULT_ACCENT ? {} : { colours: { primary, accent } };
}

export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...(head.alternates ?? []).map(
      (alternate) => `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
    ),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    ...(head.image === undefined
      ? [`<meta name="twitter:card" content="summary" />`]
      : [`<meta property="og:image" content="${escapeHtml(head.image)}" />`, `<meta name="twitter:card" content="summary_large_image" />`]),
    ...(head.organization === undefined ? [] : [`<script type="application/ld+json">${scriptSafeJson(head.organization)}</script>`]),
    ...(head.icons === undefined ? [] : iconTags(head.icons, head.image === undefined)),
    // The colours are checked as #rrggbb by the schema, so nothing else can reach the style sheet.
    ...(head.colours === undefined ? [] : [`<style id="brand-colours">${brandCss(head.colours.primary, head.colours.accent)}</style>`]),
  ];
  return tags.join('\n    ');
}

/** Title of a page by its path, in its language: the booking pages say so; everything else is the site itself. */
export function pageTitle(pathname: string, siteName: string, language: Language): string {
  const t = i18nOf(language);
  if (!isSitePage(pathname)) return t._('page.title.notFound', { siteName });
  if (pathname === '/booking' || pathname.startsWith('/booking/')) return t._('page.title.booking', { siteName });
  if (pathname === '/consultation' || pathname.startsWith('/consultations/manage/')) return t._('page.title.consultation', { siteName });
  if (pathname.startsWith('/admin')) return `Back Office | ${siteName}`;
  if (pathname === '/privacy') return `Privacy Policy | ${siteName}`;
  return siteName;
}

/** A translated page in every language, and x-default (English) for a visitor whose language is none of them. */
export function alternatesOf(path: string, origin: string): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGE_CODES.map((code) => ({ hreflang: code, href: `${origin}${pathInLanguage(path, code)}` })),
    { hreflang: 'x-default', href: `${origin}${pathInLanguage(path, DEFAULT_LANGUAGE)}` },
  ];
}

