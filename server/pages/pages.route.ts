// The HTML of the public pages: the built index.html (or home.html and event.html, for the
// server-rendered home page and event pages) with a head written for each page (title,
// description, canonical link, Open Graph tags) from the site's settings and PUBLIC_ORIGIN, plus
// robots.txt and a sitemap of the public pages. Search engines and link previews read the head
// without running the client.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { brandCss, DEFAULT_ACCENT, DEFAULT_PRIMARY } from '@server/shared/brand-colours';
import { iconUrlOf, initialsIconSvg, initialsOf } from '@server/shared/site-identity';
import {
  DEFAULT_LANGUAGE,
  firmText,
  isLanguage,
  isTranslatedPage,
  type Language,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  languageOfAcceptHeader,
  languageOfPath,
  PAGE_LANGUAGE_ELEMENT_ID,
  pathInLanguage,
} from '@server/shared/i18n/languages';
import { i18nOf, type PageScope, pageCatalog } from '@server/shared/i18n/catalogs';
import type { AppDeps } from '@server/core/deps';
import type { EventDto } from '@server/events/events.repository';
import { findActiveEvent, listActiveEvents } from '@server/events/events.service';
import { getPublicSettings, type PublicSettings } from '@server/settings/settings.service';
import { type PublicDataTag, tagsOfProcedures } from '@server/http/public-read-cache';
import { publicPageRenderer, type RenderedPage, scriptSafeJson, type ServerEntry } from './ssr';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the server writes over in the built index.html: the page's head (a plain title until then, for Vite's dev server). */
const HEAD_SLOT = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;

/** Where the server-rendered markup goes: the empty root the browser would otherwise fill. */
const ROOT_SLOT = '<div id="root"></div>';

/** Said, in the page's language, when the site has neither a description nor a tagline. */
function fallbackDescription(siteName: string, language: Language): string {
  return i18nOf(language)._('page.description', { siteName });
}

/** The picture of an event without one (the client's public folder). */
const DEFAULT_EVENT_IMAGE = '/images/events/default-event.svg';

/** Link previews cut a description near 160 characters: a long one is shortened at a word. */
const DESCRIPTION_MAX = 160;

/** An event page's description: the event's own, else its date and place, else the site's. */
function eventDescription(event: EventDto, siteDescription: string): string {
  const own = (event.description ?? '').replace(/\s+/g, ' ').trim();
  if (own !== '') {
    if (own.length <= DESCRIPTION_MAX) return own;
    const cut = own.slice(0, DESCRIPTION_MAX - 1);
    const space = cut.lastIndexOf(' ');
    return `${(space > 80 ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  const facts = [event.date, event.location].map((fact) => fact?.trim() ?? '').filter((fact) => fact !== '');
  return facts.length > 0 ? facts.join(', ') : siteDescription;
}

/** A site path (or an address already absolute) as an absolute URL. */
function absoluteUrl(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function escapeXml(text: string): string {
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

function coloursOf(settings: PublicSettings): Pick<PageHead, 'colours'> {
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

/** The page's path without query or fragment, and '/' for the home page. */
function pagePath(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Title of a page by its path, in its language: the booking pages say so; everything else is the site itself. */
function pageTitle(pathname: string, siteName: string, language: Language): string {
  const t = i18nOf(language);
  if (pathname === '/booking' || pathname.startsWith('/booking/')) return t._('page.title.booking', { siteName });
  if (pathname === '/consultation' || pathname.startsWith('/consultations/manage/')) return t._('page.title.consultation', { siteName });
  if (pathname.startsWith('/admin')) return `Back Office | ${siteName}`;
  if (pathname === '/privacy') return `Privacy Policy | ${siteName}`;
  return siteName;
}

/**
 * `serverEntry` (client/entry-server.tsx, built) renders the public pages on the server for
 * visitors without a session; staff, the back office and a client built without it get the empty
 * root, which the browser fills.
 */
export function pageRenderer(deps: AppDeps, clientDir: string, serverEntry?: ServerEntry) {
  const appTemplate = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  // The built pages a server-rendered page may be written into (the home page has its own script).
  const templates = new Map<string, string>([['index.html', appTemplate]]);
  function templateOf(pathname: string): string {
    const name = serverEntry?.pageTemplateOf(pathname) ?? 'index.html';
    let template = templates.get(name);
    if (template === undefined) {
      const file = path.join(clientDir, name);
      template = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : appTemplate;
      templates.set(name, template);
    }
    return template;
  }
  const renderPublicPage = serverEntry === undefined ? undefined : publicPageRenderer(deps, serverEntry);

  async function pageWithHead(pathname: string, template = appTemplate, event?: EventDto): Promise<string> {
    const settings = await getPublicSettings(deps);
    const { language, path: pagePathInEnglish } = languageOfPath(pathname);
    const siteDescription = settings.siteDescription ?? settings.identity.tagline ?? fallbackDescription(settings.siteName, language);
    const origin = deps.config.publicOrigin;
    const head = renderHead({
      title:
        event === undefined
          ? pageTitle(pagePathInEnglish, settings.siteName, language)
          : `${firmText(event.title, event.translations, 'title', language).trim() || 'Event'} | ${settings.siteName}`,
      description:
        event === undefined
          ? siteDescription
          : eventDescription({ ...event, description: firmText(event.description ?? '', event.translations, 'description', language) }, siteDescription),
      canonical: `${origin}${pathname}`,
      ...(isTranslatedPage(pagePathInEnglish) ? { alternates: alternatesOf(pagePathInEnglish, origin) } : {}),
      ...(event === undefined ? {} : { image: absoluteUrl(event.imageUrl?.trim() || DEFAULT_EVENT_IMAGE, deps.config.publicOrigin) }),
      siteName: settings.siteName,
      organization: organizationOf(settings, deps.config.publicOrigin),
      ...coloursOf(settings),
      icons: {
        logoUrl: settings.identity.logoUrl,
        initials: initialsOf(settings.siteName),
        primary: settings.identity.primaryColor,
        accent: settings.identity.accentColor,
        origin: deps.config.publicOrigin,
      },
    });
    // The page's language and its compiled catalog, read by the client's script (which runs once
    // the document is parsed) before it renders.
    // The home and event pages have scripts of their own: only their messages.
    const scope: PageScope = template === appTemplate ? 'app' : 'own';
    const catalog = `<script type="application/json" id="${PAGE_LANGUAGE_ELEMENT_ID}">${pageLanguageJson(language, scope)}</script>`;
    // Replacement functions, so a `$` in a site name is taken literally.
    return template
      .replace(HTML_LANG, () => `<html lang="${language}"`)
      .replace(HEAD_SLOT, () => head)
      .replace(BODY_END, () => `${catalog}</body>`);
  }

  /** What a page shows: its queries' data, and the settings its head is written from. */
  function tagsOfPage(pathname: string): PublicDataTag[] {
    const procedures = (serverEntry?.publicQueriesOf(pathname) ?? []).map((query) => query.path);
    return [...new Set<PublicDataTag>([...tagsOfProcedures(procedures), 'settings'])];
  }

  /**
   * A page about one event exists while the event is active: a made-up or hidden event's page is
   * neither rendered on the server nor kept, so a request for a random id costs one indexed read.
   * Asked only when the page is not kept already (a kept page exists: the event's change forgets it).
   * The event found is the one an event's own page writes its head from.
   */
  async function eventOfPage(pathname: string): Promise<{ exists: boolean; event?: EventDto }> {
    for (const query of serverEntry?.publicQueriesOf(pathname) ?? []) {
      const eventId = query.path === 'sessions.listByEvent' ? query.input.eventId : query.path === 'events.page' ? query.input.id : null;
      if (eventId === null) continue;
      const event = await findActiveEvent(deps, { id: eventId });
      if (event === undefined) return { exists: false };
      return query.path === 'events.page' ? { exists: true, event } : { exists: true };
    }
    return { exists: true };
  }

  /** The whole server-rendered page with its compressed forms, made once per path until what it shows changes. */
  function serverRenderedPage(pathname: string, render: (pathname: string) => Promise<RenderedPage>): Promise<CompressedPage> {
    return deps.publicReads.remember(`html ${pathname}`, tagsOfPage(pathname), async () => {
      const { exists, event } = await eventOfPage(pathname);
      if (!exists) throw new PageMissing();
      const [withHead, page] = await Promise.all([pageWithHead(pathname, templateOf(pathname), event), render(pathname)]);
      const html = withHead.replace(
        ROOT_SLOT,
        () =>
          `<div id="root">${page.markup}</div><script type="application/json" id="${serverEntry?.QUERY_STATE_ELEMENT_ID}">${page.state}</script>`,
      );
      return compressPage(html);
    }, (page) => Buffer.byteLength(page.html) + page.br.length + page.gzip.length);
  }

  // A client built before the slot existed is served as it is, with the head it was built with.
  return async function renderPage(req: FastifyRequest, reply: FastifyReply) {
    const pathname = pagePath(req.url);
    // One spelling per page: '/booking/%61bc' is '/booking/abc', kept and rendered once.
    const canonical = canonicalPath(pathname);
    // Never to '//host': a browser would take that for another site.
    if (canonical !== pathname && !canonical.startsWith('//')) return reply.redirect(`${canonical}${req.url.slice(pathname.length)}`, 301);
    const elsewhere = languageRedirect(req, reply, pathname, deps.config.publicOrigin.startsWith('https:'));
    if (elsewhere !== null) return reply.header('cache-control', 'no-cache').redirect(elsewhere, 302);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', varyOf(pathname));
    // Staff get the app's own pages; a page in another language than English is the public one for
    // everyone (the app's router knows the English addresses only).
    const signedIn = (req.cookies[SESSION_COOKIE] ?? '') !== '' && !languageOfPath(pathname).prefixed;
    const render = signedIn || renderPublicPage === undefined ? null : renderPublicPage(pathname);
    if (render !== null) {
      try {
        const page = await serverRenderedPage(pathname, render);
        reply.header('vary', varyOf(pathname));
        const accepted = String(req.headers['accept-encoding'] ?? '');
        if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
        if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
        return reply.send(page.html);
      } catch (error) {
        // The browser shows its own "not found" for the page; nothing is kept.
        if (error instanceof PageMissing) return reply.code(404).send(await pageWithHead(pathname));
        req.log.error({ err: error }, 'server rendering failed; the page is rendered in the browser');
      }
    }
    return reply.send(await pageWithHead(pathname));
  };
}

/** The `<html lang="en"` (or bare `<html`) of the built pages, rewritten with the page's language. */
const HTML_LANG = /<html(?: lang="[^"]*")?/;

const BODY_END = /<\/body>/;

const pageLanguageJsons = new Map<string, string>();

/** `{ language, messages }` of a page in `language`, as script-safe JSON, made once per language and scope. */
function pageLanguageJson(language: Language, scope: PageScope): string {
  let json = pageLanguageJsons.get(`${language} ${scope}`);
  if (json === undefined) {
    json = scriptSafeJson({ language, messages: pageCatalog(language, scope) });
    pageLanguageJsons.set(`${language} ${scope}`, json);
  }
  return json;
}

/** A translated page in every language, and x-default (English) for a visitor whose language is none of them. */
function alternatesOf(path: string, origin: string): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGE_CODES.map((code) => ({ hreflang: code, href: `${origin}${pathInLanguage(path, code)}` })),
    { hreflang: 'x-default', href: `${origin}${pathInLanguage(path, DEFAULT_LANGUAGE)}` },
  ];
}

/** What an unprefixed translated page's answer depends on: the chosen language and the browser's. */
function varyOf(pathname: string): string {
  const { path, prefixed } = languageOfPath(pathname);
  return !prefixed && isTranslatedPage(path) ? 'accept-encoding, cookie, accept-language' : 'accept-encoding';
}

const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Where a page request goes instead, or null to render it. The language comes from the address
 * (`/fr/...`), else from the visitor's choice (the cookie the switcher's `?lang=` sets), else from the
 * browser's Accept-Language; English pages stay at `/`. A page that exists only in English is
 * sent to its English address.
 */
function languageRedirect(req: FastifyRequest, reply: FastifyReply, pathname: string, secure: boolean): string | null {
  const { path, prefixed } = languageOfPath(pathname);
  const query = new URLSearchParams(req.url.slice(pathname.length).replace(/^\?/, '').replace(/#.*$/, ''));
  const search = () => (query.size === 0 ? '' : `?${query.toString()}`);
  const chosen = query.get(LANGUAGE_PARAM);
  if (query.has(LANGUAGE_PARAM)) {
    query.delete(LANGUAGE_PARAM);
    if (isLanguage(chosen)) {
      reply.setCookie(LANGUAGE_COOKIE, chosen, { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: LANGUAGE_COOKIE_MAX_AGE_S });
      return `${pathInLanguage(path, chosen)}${search()}`;
    }
    return `${pathname}${search()}`;
  }
  if (prefixed) return isTranslatedPage(path) ? null : `${path}${search()}`;
  if (!isTranslatedPage(path)) return null;
  const cookie = req.cookies[LANGUAGE_COOKIE];
  const preferred = isLanguage(cookie) ? cookie : languageOfAcceptHeader(req.headers['accept-language']);
  if (preferred === undefined || preferred === DEFAULT_LANGUAGE) return null;
  reply.header('vary', varyOf(pathname));
  return `${pathInLanguage(path, preferred)}${search()}`;
}

/** Thrown inside a page's load when what it shows does not exist, so nothing is kept. */
class PageMissing extends Error {}

/**
 * The one spelling of a path: each segment decoded and encoded again, so that percent-encoded
 * letters (`%61`, `%2D` and `%2d`) name the page once. A segment that cannot be decoded is left as it is.
 */
export function canonicalPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return segment;
      }
    })
    .join('/');
}

interface CompressedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** A rendered page is sent to many visitors: compressed once, as the built files are. */
async function compressPage(html: string): Promise<CompressedPage> {
  const [br, gzip] = await Promise.all([
    brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(html, { level: 9 }),
  ]);
  return { html, br, gzip };
}

/** GET /robots.txt and GET /sitemap.xml. */
export function seoRoutes(deps: AppDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/robots.txt', async (_req, reply) => {
      // The manage links are private (their token is the secret), in every language.
      const manage = LANGUAGE_CODES.flatMap((code) => ['/booking/manage/', '/consultations/manage/'].map((path) => `Disallow: ${code === DEFAULT_LANGUAGE ? '' : `/${code}`}${path}`));
      const lines = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', ...manage, `Sitemap: ${deps.config.publicOrigin}/sitemap.xml`];
      return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
    });

    app.get('/sitemap.xml', async (_req, reply) => {
      const origin = deps.config.publicOrigin;
      const events = await listActiveEvents(deps, { limit: 100 });
      // The home page, the privacy page, the booking page and each event's page and booking form, in every language.
      const urls = [
        ...LANGUAGE_CODES.map((code) => ({ loc: `${origin}${pathInLanguage('/', code)}` })),
        ...LANGUAGE_CODES.map((code) => ({ loc: `${origin}${pathInLanguage('/privacy', code)}` })),
        ...LANGUAGE_CODES.map((code) => ({ loc: `${origin}${pathInLanguage('/booking', code)}` })),
        ...events.flatMap((event) =>
          [`/events/${encodeURIComponent(event.id)}`, `/booking/${encodeURIComponent(event.id)}`].flatMap((path) =>
            LANGUAGE_CODES.map((code) => ({ loc: `${origin}${pathInLanguage(path, code)}`, lastmod: event.updatedAt.slice(0, 10) })),
          ),
        ),
      ];
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls.map(
          (url) => `  <url><loc>${escapeXml(url.loc)}</loc>${'lastmod' in url ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
        ),
        '</urlset>',
      ];
      return reply.type('application/xml; charset=utf-8').send(`${body.join('\n')}\n`);
    });
  };
}
