// What search engines and link previews read without running the client: each page's head (title,
// description, canonical link, Open Graph tags), robots.txt, and a sitemap of the public pages.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { insertEventRow } from '@tests/support/fixtures';
import { createTestEnv, type TestEnv } from '@tests/support/helpers';

const ORIGIN = 'https://consulting.example.com';
let env: TestEnv;
let app: FastifyInstance;

beforeEach(async () => {
  env = await createTestEnv({ env: { PUBLIC_ORIGIN: ORIGIN } });
  const clientDir = path.join(env.dataDir, 'client');
  fs.mkdirSync(clientDir);
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><!--app-head--><title>Dev</title><!--/app-head--></head><body><div id="root"></div></body></html>',
  );
  app = await buildApp(env.deps, { logger: false, clientDir });
  await app.ready();
});

afterEach(async () => {
  await app.close();
  await env.close();
});

describe('page heads', () => {
  it('gives the home page its title, description, canonical link and Open Graph tags', async () => {
    const response = await app.inject({ method: 'GET', url: '/?utm_source=newsletter' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).not.toContain('<title>Dev</title>');
    expect(html).toContain(`<title>${DEFAULT_SYSTEM_SETTINGS.siteName}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/" />`);
    expect(html).toContain(`<meta property="og:title" content="${DEFAULT_SYSTEM_SETTINGS.siteName}" />`);
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]{20,}" \/>/);
    expect(html).toContain('<div id="root"></div>');
  });

  it('names the booking pages and links each to itself', async () => {
    const html = (await app.inject({ method: 'GET', url: '/booking/abc?x=1' })).body;
    expect(html).toContain(`<title>Book a Session | ${DEFAULT_SYSTEM_SETTINGS.siteName}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/booking/abc" />`);
  });

  it('uses the site name and description from the settings, escaped', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: 'Smith & "Partners"', siteDescription: 'Growth <abroad>' });
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<title>Smith &#38; &#34;Partners&#34;</title>');
    expect(html).toContain('<meta name="description" content="Growth &#60;abroad&#62;" />');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('allows the public site, keeps robots out of the back office and the API, and names the sitemap', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /booking/manage/\nDisallow: /consultations/manage/\nDisallow: /fr/booking/manage/\nDisallow: /fr/consultations/manage/\nSitemap: ${ORIGIN}/sitemap.xml\n`,
    );
  });

  it("lists the home page, the privacy page, the booking page and each active event's page and booking page, with no inactive one", async () => {
    // Each page in each language.
    const active = await insertEventRow(env.db, { title: 'Trade Mission' });
    const inactive = await insertEventRow(env.db, { title: 'Old Event', isActive: false });
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/fr/`,
      `${ORIGIN}/privacy`,
      `${ORIGIN}/fr/privacy`,
      `${ORIGIN}/booking`,
      `${ORIGIN}/fr/booking`,
      `${ORIGIN}/events/${active.id}`,
      `${ORIGIN}/fr/events/${active.id}`,
      `${ORIGIN}/booking/${active.id}`,
      `${ORIGIN}/fr/booking/${active.id}`,
    ]);
    expect(response.body).not.toContain(inactive.id);
    expect(response.body).toContain(`<lastmod>${active.updatedAt.slice(0, 10)}</lastmod>`);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  });
});
