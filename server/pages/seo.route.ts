// GET /robots.txt and GET /sitemap.xml: what search engines may read, and every public page in
// every language.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, pathInLanguage } from '@server/shared/i18n/languages';
import { listActiveEvents } from '@server/events/events.service';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
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
