// Server rendering of the public pages: the HTML of `/` carries the hero, the events and the data
// the browser's queries start from (safely serialized), follows the site's switches, shows a staff
// write on the next request, and is never made for signed-in staff or back-office pages.
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as serverEntry from '@client/entry-server';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { buildApp } from '@server/app';
import type { ServerEntry } from './ssr';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createAccount, createTestEnv, eventInput, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';

const TEMPLATE =
  '<!doctype html><html><head><!--app-head--><title>Dev</title><!--/app-head--></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';
/** The home page's own built page: its script carries no router (client/home.tsx). */
const HOME_TEMPLATE = TEMPLATE.replace('/assets/main.js', '/assets/home.js');

let env: TestEnv;
let app: FastifyInstance;
/** The apps this test started (a test of the built pages starts none); each is closed after it. */
const started: FastifyInstance[] = [];
let admin: TestAccount;

async function start(entry: ServerEntry = serverEntry, options: { homeTemplate?: boolean } = {}) {
  const clientDir = path.join(env.dataDir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  if (options.homeTemplate !== false) fs.writeFileSync(path.join(clientDir, 'home.html'), HOME_TEMPLATE);
  app = await buildApp(env.deps, { logger: false, clientDir, serverEntry: entry });
  started.push(app);
  await app.ready();
}

beforeEach(async () => {
  env = await createTestEnv();
  admin = await createAccount(env.db, 'admin');
});

afterEach(async () => {
  for (const opened of started.splice(0)) await opened.close();
  await env.close();
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  return response.body;
}

/** The markup inside #root, without the data script. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"');
  return html.slice(start, end === -1 ? undefined : end);
}

interface DehydratedQuery {
  queryKey: unknown[];
  state: { data: unknown };
}

function stateOf(html: string): { queries: DehydratedQuery[] } {
  const match = /<script type="application\/json" id="query-state">([^<]*)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? '') as { queries: DehydratedQuery[] };
}

function adminPost(procedure: string, input: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/trpc/${procedure}`,
    headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
    payload: JSON.stringify(input),
  });
}

/**
 * Saves the home content over HTTP as staff would, with the first entry of `list` (hero slides or
 * services) retitled `title`.
 */
async function retitleFirstOf(list: 'heroSlides' | 'services', title: string) {
  const content = (await app.inject({ method: 'GET', url: '/api/trpc/homePage.get' })).json<{ result: { data: Record<string, unknown> } }>()
    .result.data;
  const { updatedAt: _updatedAt, ...rest } = content;
  const entries = (rest[list] as { title: string }[]).map((entry, index) => (index === 0 ? { ...entry, title } : entry));
  expect((await adminPost('homePage.update', { ...rest, [list]: entries })).statusCode).toBe(200);
}

describe('the server-rendered home page', () => {
  it('holds the hero, the services, the events and the data the browser starts from', async () => {
    await insertEventRow(env.db, { title: 'Accra Trade Summit', displayOrder: 1 });
    await insertEventRow(env.db, { title: 'Lagos Market Briefing', displayOrder: 2 });
    await insertEventRow(env.db, { title: 'Hidden Draft', isActive: false });
    await start();
    const html = await page('/');
    const root = rootOf(html);
    expect(root).toContain('International expansion consulting</h1>');
    expect(root).toContain('International Business</h2>');
    expect(root).toContain('Market Entry Advisory</h3>');
    expect(root).toContain('Accra Trade Summit</h3>');
    expect(root).toContain('Lagos Market Briefing</h3>');
    expect(root).not.toContain('Hidden Draft');
    expect(root).toContain('Book Consultation');
    expect(root).not.toContain('Loading events');
    expect(root).toContain('aria-label="Loading contact form"');
    // No inline script: the site's Content-Security-Policy would refuse it.
    expect(html).not.toMatch(/<script>/);

    const queries = stateOf(html).queries;
    expect(queries.map((query) => query.queryKey)).toEqual([
      [['settings', 'public'], { type: 'query' }],
      [['homePage', 'get'], { type: 'query' }],
      [['events', 'list'], { input: { limit: 3 }, type: 'query' }],
    ]);
    const events = queries[2]?.state.data as { title: string }[];
    expect(events.map((event) => event.title)).toEqual(['Accra Trade Summit', 'Lagos Market Briefing']);
  });

  it('shows a staff write on the next request', async () => {
    const { id } = await insertEventRow(env.db, { title: 'Accra Trade Summit' });
    await start();
    expect(rootOf(await page('/'))).toContain('Accra Trade Summit</h3>');
    expect(env.deps.publicReads.keys()).toContain('html /');

    const updated = await adminPost('events.update', { id, ...eventInput({ title: 'Kumasi Investor Day' }) });
    expect(updated.statusCode).toBe(200);
    expect(env.deps.publicReads.keys()).not.toContain('html /');
    const after = rootOf(await page('/'));
    expect(after).toContain('Kumasi Investor Day</h3>');
    expect(after).not.toContain('Accra Trade Summit');

    await retitleFirstOf('heroSlides', 'Grow Across Borders');
    expect(rootOf(await page('/'))).toContain('Grow Across Borders</h2>');
  });

  it('keeps a rendered page until a change to what it shows: the same HTML again without rendering anew', async () => {
    await start();
    const first = await page('/');
    // A write that does not go through HTTP (a script) is not seen until invalidate() or the time-to-live.
    await insertEventRow(env.db, { title: 'Written By A Script' });
    expect(await page('/')).toBe(first);
    env.deps.publicReads.invalidate(['events']);
    expect(rootOf(await page('/'))).toContain('Written By A Script</h3>');
  });

  it('offers an uploaded event picture as WebP copies at several widths (srcset)', async () => {
    const { id } = await insertEventRow(env.db, { title: 'Accra Trade Summit' });
    await env.db.updateTable('events').set({ imageUrl: '/uploads/3f2a9c.png' }).where('id', '=', id).execute();
    await start();
    const root = rootOf(await page('/'));
    expect(root).toContain('src="/uploads/3f2a9c.png" srcSet="/uploads/w/320/3f2a9c.png.webp 320w, /uploads/w/480/3f2a9c.png.webp 480w,');
    expect(root).toContain('sizes="(max-width: 48em) 100vw, 50vw"');
  });

  it('sends the page brotli- or gzip-compressed to a browser that accepts it', async () => {
    await insertEventRow(env.db, { title: 'Accra Trade Summit' });
    await start();
    const plain = await page('/');
    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    const gzip = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain);
  });

  it('says the site is under maintenance and offers no booking, as the browser would', async () => {
    await insertEventRow(env.db, { title: 'Accra Trade Summit' });
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true });
    await start();
    const root = rootOf(await page('/'));
    expect(root).toContain('The site is under maintenance. Please try again later.');
    expect(root).not.toContain('Book Consultation');
    expect(root).not.toContain('Register Now');
    expect(root).toContain('Accra Trade Summit</h3>');
  });

  it('says bookings are closed when registrations are off', async () => {
    await insertEventRow(env.db, { title: 'Accra Trade Summit' });
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, allowRegistrations: false });
    await start();
    const root = rootOf(await page('/'));
    expect(root).toContain('Bookings are currently closed.');
    expect(root).not.toContain('Book Consultation');
    expect(root).not.toContain('Register Now');
  });

  it('serializes the data so that no text can close the script or run one', async () => {
    const title = '</script><script>alert(1)</script><!--';
    await insertEventRow(env.db, { title });
    await start();
    const html = await page('/');
    expect(html).not.toContain('<script>alert(1)');
    // The organization's (JSON-LD), the data's, the module script's and the page language's catalog.
    expect(html.match(/<\/script>/g)?.length).toBe(4);
    const events = stateOf(html).queries[2]?.state.data as { title: string }[];
    expect(events[0]?.title).toBe(title);
    expect(rootOf(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</h3>');
  });
});

describe('the script each page is served with', () => {
  it("gives the rendered home page its own script (no router) and every other page the app's", async () => {
    await start();
    expect(await page('/')).toContain('<script type="module" src="/assets/home.js">');
    expect(await page('/booking')).toContain('<script type="module" src="/assets/main.js">');
    // Staff are not served a rendered page: `/` is the app, whose router shows the home page.
    const staff = await page('/', { cookie: `${SESSION_COOKIE}=${admin.token}` });
    expect(staff).toContain('<script type="module" src="/assets/main.js">');
    expect(staff).toContain('<div id="root"></div>');
  });

  it('renders the home page into the app page when the client was built without home.html', async () => {
    await start(serverEntry, { homeTemplate: false });
    const html = await page('/');
    expect(html).toContain('<script type="module" src="/assets/main.js">');
    expect(rootOf(html)).toContain('International Business');
  });
});

describe('the server-rendered booking pages', () => {
  it('renders the booking form with the events and, for one event, its sessions', async () => {
    const { id: eventId } = await insertEventRow(env.db, { title: 'Accra Trade Summit' });
    await insertSessionRow(env.db, eventId);
    await start();
    const html = await page(`/booking/${eventId}`);
    expect(rootOf(html)).toContain('Book Your Session</h1>');
    // The form itself appears once the page runs in the browser, from this data without a request.
    const keys = stateOf(html).queries.map((query) => query.queryKey);
    expect(keys).toContainEqual([['events', 'list'], { type: 'query' }]);
    expect(keys).toContainEqual([['sessions', 'listByEvent'], { input: { eventId }, type: 'query' }]);
    expect(rootOf(await page('/booking'))).toContain('Book Your Session</h1>');
  });

  it('neither renders nor keeps the page of an event that does not exist or is hidden: 404, the empty root', async () => {
    const { id: hiddenId } = await insertEventRow(env.db, { title: 'Hidden Summit', isActive: false });
    await start();
    for (const url of ['/booking/no-such-event', `/booking/${hiddenId}`, `/booking/${'x'.repeat(60)}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('query-state');
    }
    expect(env.deps.publicReads.keys().filter((key) => key.startsWith('html '))).toEqual([]);
  });

  it('keeps one page per event whatever the spelling of its address: other spellings are sent to it (301)', async () => {
    const { id: eventId } = await insertEventRow(env.db, { title: 'Accra Trade Summit' });
    await start();
    const spelled = `/booking/${eventId.replace(/-/g, '%2d')}?from=mail`;
    const moved = await app.inject({ method: 'GET', url: spelled });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/booking/${eventId}?from=mail`);
    expect((await app.inject({ method: 'GET', url: `/%62ooking/${eventId}` })).headers.location).toBe(`/booking/${eventId}`);
    // Never towards another host.
    expect((await app.inject({ method: 'GET', url: '//evil.%65xample/x' })).headers.location).toBe('/evil.example/x');
    await page(`/booking/${eventId}`);
    expect(env.deps.publicReads.keys().filter((key) => key.startsWith('html '))).toEqual([`html /booking/${eventId}`]);
  });

  it('lists in their footer the services staff saved on the home content', async () => {
    const { id: eventId } = await insertEventRow(env.db, { title: 'Accra Trade Summit' });
    await start();
    await retitleFirstOf('services', 'Cross-Border Tax Planning');

    for (const url of ['/', '/booking', `/booking/${eventId}`]) {
      const html = await page(url);
      const footer = rootOf(html).slice(rootOf(html).indexOf('<footer'));
      expect(footer).toContain('<li>Cross-Border Tax Planning</li>');
      expect(footer).not.toContain('<li>Market Entry Advisory</li>');
      expect(stateOf(html).queries.map((query) => query.queryKey)).toContainEqual([['homePage', 'get'], { type: 'query' }]);
    }
  });
});

describe('pages the browser renders', () => {
  it('leaves the root empty for signed-in staff, the back office and the private manage link', async () => {
    await start();
    const signedIn = await page('/', { cookie: `${SESSION_COOKIE}=${admin.token}` });
    expect(signedIn).toContain('<div id="root"></div>');
    expect(signedIn).not.toContain('query-state');
    expect(await page('/admin/login')).toContain('<div id="root"></div>');
    expect(await page('/booking/manage/some-token')).toContain('<div id="root"></div>');
  });

  it('falls back to the empty root when rendering fails', async () => {
    await start({ ...serverEntry, render: () => Promise.reject(new Error('renderer broke')) });
    const html = await page('/');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>');
  });
});

describe('the three built pages', () => {
  it('differ only in their script: home.html and event.html are index.html with their pages’ own', () => {
    const source = (name: string) => fs.readFileSync(path.resolve('client', name), 'utf8');
    expect(source('home.html')).toBe(source('index.html').replace('src="/main.tsx"', 'src="/home.tsx"'));
    expect(source('home.html')).toContain('<script type="module" src="/home.tsx"></script>');
    expect(source('event.html')).toBe(source('index.html').replace('src="/main.tsx"', 'src="/event.tsx"'));
  });
});
