// The HTML of the public pages: the built index.html with a head written for each page (title,
// description, canonical link, Open Graph tags) from the site's settings and PUBLIC_ORIGIN, plus
// robots.txt and a sitemap of the public pages. Search engines and link previews read the head
// without running the client.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { listActiveEvents } from '../repositories/events';
import { getPublicSettings } from '../services/settings';

/** What the server writes over in the built index.html: the page's head (a plain title until then, for Vite's dev server). */
const HEAD_SLOT = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;

/** Said when the site has no description set. */
const FALLBACK_DESCRIPTION = 'International-expansion consulting: market entry, business matchmaking, trade missions and cultural intelligence.';

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
}

export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ];
  return tags.join('\n    ');
}

/** The page's path without query or fragment, and '/' for the home page. */
function pagePath(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Title of a page by its path: the booking pages say so; everything else is the site itself. */
function pageTitle(pathname: string, siteName: string): string {
  if (pathname === '/booking' || pathname.startsWith('/booking/')) return `Book a Session | ${siteName}`;
  if (pathname.startsWith('/admin')) return `Back Office | ${siteName}`;
  return siteName;
}

export function pageRenderer(deps: AppDeps, clientDir: string) {
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  // A client built before the slot existed is served as it is, with the head it was built with.
  return async function renderPage(req: FastifyRequest, reply: FastifyReply) {
    const settings = await getPublicSettings(deps.db);
    const pathname = pagePath(req.url);
    const head = renderHead({
      title: pageTitle(pathname, settings.siteName),
      description: settings.siteDescription ?? FALLBACK_DESCRIPTION,
      canonical: `${deps.config.publicOrigin}${pathname}`,
      siteName: settings.siteName,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template.replace(HEAD_SLOT, head));
  };
}

/** GET /robots.txt and GET /sitemap.xml. */
export function seoRoutes(deps: AppDeps) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/robots.txt', async (_req, reply) => {
      const lines = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /booking/manage/', `Sitemap: ${deps.config.publicOrigin}/sitemap.xml`];
      return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
    });

    app.get('/sitemap.xml', async (_req, reply) => {
      const origin = deps.config.publicOrigin;
      const events = await listActiveEvents(deps.db, 100);
      const urls = [
        { loc: `${origin}/` },
        { loc: `${origin}/booking` },
        ...events.map((event) => ({ loc: `${origin}/booking/${encodeURIComponent(event.id)}`, lastmod: event.updatedAt.slice(0, 10) })),
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
