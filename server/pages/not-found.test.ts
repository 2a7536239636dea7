// Addresses the site does not have answer 404 with the site's own not-found page in the address's
// language (rendered once per language and kept), never the home page with 200; so do an unknown
// event's pages and manage links that no booking or consultation has; the pages that exist still
// answer 200.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { newManageToken } from '@server/email/manage-token';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { createAccount, createTestEnv, roleCallers, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';
import { ADMIN_SCREENS, isSitePage } from '@server/shared/site-pages';

let env: TestEnv;
let app: FastifyInstance;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildPageApp(env);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** The text of the page's markup: its h1, its <title> and its language. */
function facts(html: string) {
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
  };
}

describe('the not-found page', () => {
  it('answers an unknown address with 404 and the page in English, rendered on the server', async () => {
    for (const url of ['/nope', '/no/such/page', '/admin/nope', '/admin/dashboard/extra', '/favicon.ico']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(facts(response.body), url).toEqual({ lang: 'en', title: 'Page not found | Our Firm', heading: 'Page not found' });
      expect(response.body, url).toContain('Go to the home page');
    }
  });

  it('speaks the language of its address: /fr/nope is French', async () => {
    const response = await get('/fr/nope');
    expect(response.statusCode).toBe(404);
    expect(facts(response.body)).toEqual({ lang: 'fr', title: 'Page introuvable | Our Firm', heading: 'Page introuvable' });
    expect(response.body).toContain("Aller à l&#x27;accueil");
  });

  it('is rendered once per language: any unknown address gets the same kept page', async () => {
    const first = await get('/one-made-up-path');
    const second = await get('/another/made-up/path?x=1');
    expect(second.body).toBe(first.body);
  });

  it('answers signed-in staff with 404 too (the browser renders the page for them)', async () => {
    const admin = await createAccount(env.db, 'admin');
    const response = await get('/admin/nope', { cookie: `${SESSION_COOKIE}=${admin.token}` });
    expect(response.statusCode).toBe(404);
    expect(facts(response.body).title).toBe('Page not found | Our Firm');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('still sends a page that exists only in English from its French address to the English one', async () => {
    const response = await get('/fr/admin/login');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/admin/login');
  });
});

describe('pages about one thing', () => {
  it('answers 404 for an event that does not exist, on its page and its booking form, in both languages', async () => {
    for (const url of ['/events/no-such-event', '/booking/no-such-event', '/fr/events/no-such-event', '/fr/booking/no-such-event']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    const { event } = await insertBookableSlot(env.db);
    for (const url of [`/events/${event.id}`, `/booking/${event.id}`, `/fr/events/${event.id}`]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers 404 for a manage link no booking has, 200 for one that a booking has', async () => {
    const { event, slot } = await insertBookableSlot(env.db);
    const booking = await insertBookingRow(env.db, slot, event.id);
    const { token, hash } = newManageToken();
    await env.db.updateTable('bookings').set({ manageTokenHash: hash }).where('id', '=', booking.id).execute();
    expect((await get(`/booking/manage/${token}`)).statusCode).toBe(200);
    expect((await get(`/fr/booking/manage/${token}`)).statusCode).toBe(200);
    const unknown = await get(`/booking/manage/${newManageToken().token}`);
    expect(unknown.statusCode).toBe(404);
    expect(facts(unknown.body).title).toBe('Book a Session | Our Firm');
    expect((await get(`/fr/booking/manage/${newManageToken().token}`)).statusCode).toBe(404);
  });

  it('answers 404 for a consultation manage link no consultation has, 200 for a booked one', async () => {
    const callers = await roleCallers(env);
    const staff = await createAccount(env.db, 'user', { email: 'consultant@example.com' });
    await callers.admin.consultations.availability.set({
      userId: staff.user.id,
      timeZone: 'UTC',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 })),
      overrides: [],
    });
    const type = await callers.admin.consultations.types.create({ title: 'Call', durationMinutes: 30, locationKind: 'phone', horizonDays: 30, staffIds: [staff.user.id] });
    const startsAt = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 3, 10)).toISOString();
    const booked = await callers.anonymous.consultations.book({ typeId: type.id, startsAt, timeZone: 'UTC', visitorName: 'Kofi', visitorEmail: 'kofi@example.com' });
    expect((await get(`/consultations/manage/${booked.manageToken}`)).statusCode).toBe(200);
    expect((await get(`/consultations/manage/${newManageToken().token}`)).statusCode).toBe(404);
    expect((await get(`/fr/consultations/manage/${newManageToken().token}`)).statusCode).toBe(404);
  });

  it('keeps answering 200 for the pages that exist', async () => {
    for (const url of ['/', '/fr/', '/booking', '/consultation', '/fr/consultation', '/privacy', '/admin', '/admin/login', '/admin/setup', '/admin/dashboard']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});

describe('isSitePage', () => {
  it('knows the public pages and every back-office screen, and nothing else', () => {
    for (const path of ['/', '/booking', '/booking/abc', '/booking/manage/abc', '/events/abc', '/consultation', '/consultations/manage/abc', '/privacy', '/admin', '/admin/', '/admin/login', '/admin/setup', '/booking/']) {
      expect(isSitePage(path), path).toBe(true);
    }
    for (const screen of ADMIN_SCREENS) expect(isSitePage(`/admin/${screen}`), screen).toBe(true);
    for (const path of ['/nope', '/events', '/events/a/b', '/admin/nope', '/admin/login/x', '/consultations', '/booking/a/b', '/index.html']) {
      expect(isSitePage(path), path).toBe(false);
    }
  });
});
