// The HTML of the public pages: the built index.html (or home.html and event.html, for the
// server-rendered home page and event pages) with the page's head (page-head.ts) and language,
// rendered on the server for visitors and kept compressed in the public-read cache. Redirects come
// first (page-redirects.ts); robots.txt and the sitemap are seo.route.ts.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { identityIn, initialsOf, siteDescriptionIn } from '@server/shared/site-identity';
import { DEFAULT_LANGUAGE, eventDateText, firmText, isTranslatedPage, type Language, languageOfPath, PAGE_LANGUAGE_ELEMENT_ID } from '@server/shared/i18n/languages';
import { isSitePage, NOT_FOUND_PATH } from '@server/shared/site-pages';
import { type PageScope, pageCatalog } from '@server/shared/i18n/catalogs';
import type { AppDeps } from '@server/core/deps';
import { findActiveEventWithSchedule } from '@server/events/events.service';
import type { EventWithSchedule } from '@server/events/event-schedule';
import { getPublicSettings } from '@server/settings/settings.service';
import { type PublicDataTag, tagsOfProcedures } from '@server/http/public-read-cache';
import { publicPageRenderer, type RenderedPage, scriptSafeJson, type ServerEntry } from './ssr';
import {
  absoluteUrl,
  alternatesOf,
  coloursOf,
  DEFAULT_EVENT_IMAGE,
  eventDescription,
  fallbackDescription,
  organizationOf,
  pageTitle,
  renderHead,
} from './page-head';
import { canonicalPath, languageRedirect, pagePath, sameSiteTarget, varyOf } from './page-redirects';
import { pageThingExists } from './page-existence';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the server writes over in the built index.html: the page's head (a plain title until then, for Vite's dev server). */
const HEAD_SLOT = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;

/** Where the server-rendered markup goes: the empty root the browser would otherwise fill. */
const ROOT_SLOT = '<div id="root"></div>';

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

  async function pageWithHead(pathname: string, template = appTemplate, event?: EventWithSchedule): Promise<string> {
    const settings = await getPublicSettings(deps);
    const { language, path: pagePathInEnglish } = languageOfPath(pathname);
    // The description and the tagline (the organization's slogan) in the page's language.
    const identity = identityIn(settings.identity, language);
    const description = siteDescriptionIn(settings.siteDescription, settings.identity, language);
    const siteDescription = description ?? identity.tagline ?? fallbackDescription(settings.siteName, language);
    const origin = deps.config.publicOrigin;
    const head = renderHead({
      title:
        event === undefined
          ? pageTitle(pagePathInEnglish, settings.siteName, language)
          : `${firmText(event.title, event.translations, 'title', language).trim() || 'Event'} | ${settings.siteName}`,
      description:
        event === undefined
          ? siteDescription
          : eventDescription(
              { description: firmText(event.description ?? '', event.translations, 'description', language), location: event.location },
              eventDateText(event, language),
              siteDescription,
            ),
      canonical: `${origin}${pathname}`,
      ...(isTranslatedPage(pagePathInEnglish) ? { alternates: alternatesOf(pagePathInEnglish, origin) } : {}),
      ...(event === undefined ? {} : { image: absoluteUrl(event.imageUrl?.trim() || DEFAULT_EVENT_IMAGE, deps.config.publicOrigin) }),
      siteName: settings.siteName,
      organization: organizationOf({ ...settings, siteDescription: description, identity }, deps.config.publicOrigin),
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
  async function eventOfPage(pathname: string): Promise<{ exists: boolean; event?: EventWithSchedule }> {
    for (const query of serverEntry?.publicQueriesOf(pathname) ?? []) {
      const eventId = query.path === 'sessions.listByEvent' ? query.input.eventId : query.path === 'events.page' ? query.input.id : null;
      if (eventId === null) continue;
      const event = await findActiveEventWithSchedule(deps, { id: eventId });
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
    // Never to '//host': a browser would take that for another site (sameSiteTarget).
    if (canonical !== pathname) return reply.redirect(sameSiteTarget(`${canonical}${req.url.slice(pathname.length)}`), 301);
    const elsewhere = languageRedirect(req, reply, pathname, deps.config.publicOrigin.startsWith('https:'));
    if (elsewhere !== null) return reply.header('cache-control', 'no-cache').redirect(elsewhere, 302);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', varyOf(pathname));
    // Staff get the app's own pages; a page in another language than English is the public one for
    // everyone (the app's router knows the English addresses only).
    const address = languageOfPath(pathname);
    const signedIn = (req.cookies[SESSION_COOKIE] ?? '') !== '' && !address.prefixed;
    if (!isSitePage(address.path)) return sendNotFound(req, reply, address.language, signedIn);
    const render = signedIn || renderPublicPage === undefined ? null : renderPublicPage(pathname);
    if (render !== null) {
      try {
        const page = await serverRenderedPage(pathname, render);
        reply.header('vary', varyOf(pathname));
        return sendCompressed(req, reply, page);
      } catch (error) {
        // The browser shows its own "not found" for the page; nothing is kept.
        if (error instanceof PageMissing) return reply.code(404).send(await pageWithHead(pathname));
        // Once a minute at most for the same failure, however many visitors meet it.
        req.server.repeatedErrors.failed('server rendering (the page is rendered in the browser)', error, { page: pathname });
      }
    } else if (!(await pageThingExists(deps, address.path))) {
      // A made-up event or an old manage link: the page says so in the browser, with 404.
      return reply.code(404).send(await pageWithHead(pathname));
    }
    return reply.send(await pageWithHead(pathname));
  };

  /**
   * An address the site does not have: 404 with the not-found page in the address's language. For
   * visitors it is rendered on the server once per language (its markup does not depend on the
   * address) and kept, so a scanner's thousand made-up paths cost one render.
   */
  async function sendNotFound(req: FastifyRequest, reply: FastifyReply, language: Language, signedIn: boolean) {
    reply.code(404);
    const address = language === DEFAULT_LANGUAGE ? NOT_FOUND_PATH : `/${language}${NOT_FOUND_PATH}`;
    const render = signedIn || renderPublicPage === undefined ? null : renderPublicPage(address);
    if (render === null) return reply.send(await pageWithHead(address));
    try {
      return sendCompressed(req, reply, await serverRenderedPage(address, render));
    } catch (error) {
      req.log.error({ err: error }, 'server rendering failed; the page is rendered in the browser');
      return reply.send(await pageWithHead(address));
    }
  }
}

/** A kept page in the encoding the browser takes best. */
function sendCompressed(req: FastifyRequest, reply: FastifyReply, page: CompressedPage) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
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

/** Thrown inside a page's load when what it shows does not exist, so nothing is kept. */
class PageMissing extends Error {}

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

