// The public pages in each language: French pages are rendered by the server in French (no English
// catalog text left, `lang`, hreflang alternates), the language comes from the address, else the
// visitor's choice (cookie), else Accept-Language, the switcher keeps the page, the sitemap lists
// both languages, and a firm's text without a French value shows in English.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { PageLanguage } from '@client/i18n';
import { CATALOGS, carries } from '@server/shared/i18n/catalogs';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createTestEnv, eventInput, expectTRPCError, roleCallers, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';
import { IDENTITY } from '@tests/support/identity-fixture';

const ORIGIN = 'https://consulting.example.com';

let env: TestEnv;
let app: FastifyInstance;

beforeEach(async () => {
  env = await createTestEnv({ env: { PUBLIC_ORIGIN: ORIGIN } });
  app = await buildPageApp(env);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}

/** A page that answers 404 (a manage link nothing has): its HTML all the same. */
async function missingPage(url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(404);
  return response.body;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, '\u00a0');
}

/** What a reader meets in the rendered markup: its text nodes and its labels (aria-label, title, alt). */
function textsOf(html: string): string[] {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  const nodes = [...root.replace(/<!--.*?-->/g, '').matchAll(/>([^<]+)</g)].map((match) => match[1] ?? '');
  const labels = [...root.matchAll(/\s(?:aria-label|title|alt)="([^"]*)"/g)].map((match) => match[1] ?? '');
  return [...nodes, ...labels].map((text) => decodeEntities(text).trim()).filter((text) => text !== '');
}

/** A message as a pattern over whole texts: each {placeholder} or plural stands for any text. */
function patternOf(message: string): RegExp {
  const parts = message.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/);
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');
}

/** The words of a message outside its placeholders. */
function literalOf(message: string): string {
  return message.replace(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The keys of the English catalog whose text a page still shows. Texts French writes the same way
 * ('Services', 'Contact') are the French page's own, and a message whose words outside its
 * placeholders are too short to tell ('{position} of {count}') would match the firm's own texts.
 */
function englishLeft(html: string): string[] {
  const french = new Set<string>(Object.values(CATALOGS.fr));
  const texts = textsOf(html).filter((text) => !french.has(text));
  return Object.entries(CATALOGS.en)
    .filter(([key, english]) => CATALOGS.fr[key as keyof typeof CATALOGS.fr] !== english)
    .filter(([, english]) => english === literalOf(english) || literalOf(english).length >= 6)
    .filter(([, english]) => texts.some((text) => patternOf(english).test(text)))
    .map(([key]) => key);
}

async function eventWithSession() {
  const event = await insertEventRow(env.db, { title: 'Accra Trade Summit' });
  const session = await insertSessionRow(env.db, event.id, { title: 'Buyer Meetings', maxParticipants: 2 });
  await insertSlotRow(env.db, session.id, 48);
  return event;
}

describe('French pages', () => {
  it('renders the home page and an event page in French on the server, with no English catalog text left', async () => {
    const event = await eventWithSession();
    for (const url of ['/fr/', `/fr/events/${event.id}`]) {
      const html = await page(url);
      expect(html, url).toContain('<html lang="fr"');
      expect(englishLeft(html), url).toEqual([]);
      // The browser starts from the same language: the page carries the French catalog, compiled.
      expect(html).toMatch(/<script type="application\/json" id="page-language">\{"language":"fr","messages":/);
    }
    const home = await page('/fr/');
    expect(textsOf(home)).toEqual(expect.arrayContaining(['Événements à venir', 'Réserver une consultation', 'Aller au contenu principal']));
    const eventPage = await page(`/fr/events/${event.id}`);
    expect(textsOf(eventPage)).toEqual(expect.arrayContaining(['Séances', '2 places restantes']));
  });

  it('renders the booking pages in French on the server, with no English catalog text left, and titles them in French', async () => {
    const event = await eventWithSession();
    for (const url of ['/fr/booking', `/fr/booking/${event.id}`]) {
      const html = await page(url);
      expect(html, url).toContain('<html lang="fr"');
      expect(englishLeft(html), url).toEqual([]);
      expect(html, url).toContain('<title>Réserver une séance | ');
      expect(html, url).toMatch(/<meta name="description" content="[^"]* : événements à venir, réservations et comment nous joindre\." \/>/);
      expect(html, url).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}${url.slice(3)}" />`);
      expect(textsOf(html), url).toEqual(expect.arrayContaining(['Réservez votre séance', 'Les demandes sont confirmées par e-mail sous 24 heures.']));
    }
    expect(textsOf(await page('/fr/booking'))).toEqual(
      expect.arrayContaining(['Que souhaitez-vous réserver ?', 'Réserver une consultation', "S'inscrire à un événement"]),
    );
    // The English pages still say it in English (the check sees them).
    for (const url of ['/booking', `/booking/${event.id}`]) expect(englishLeft(await page(url)).length, url).toBeGreaterThan(5);
    // The manage links and the consultation page are rendered in the browser, from the French catalog the page carries.
    // A manage link no booking has answers 404, in French all the same.
    for (const url of ['/fr/consultation', '/fr/booking/manage/abc', '/fr/consultations/manage/abc']) {
      const html = url.includes('manage') ? await missingPage(url) : await page(url);
      expect(html, url).toContain('<html lang="fr"');
      expect(html, url).toMatch(/<script type="application\/json" id="page-language">\{"language":"fr","messages":/);
    }
  });

  it("writes into each page only the messages its script can show: the home and event pages' own, the app's pages all the public ones", async () => {
    const event = await eventWithSession();
    const written = (html: string) =>
      Object.keys((JSON.parse(/<script type="application\/json" id="page-language">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as PageLanguage).messages);
    for (const url of ['/fr/', `/fr/events/${event.id}`, '/', `/events/${event.id}`]) {
      const keys = written(await page(url));
      expect(keys, url).toContain('layout.skipLink');
      expect(keys.filter((key) => /^(email|booking|manage|consultation)\./.test(key)), url).toEqual([]);
    }
    for (const url of ['/fr/booking', `/booking/${event.id}`, '/fr/booking/manage/abc', '/consultation']) {
      const keys = written(url.includes('manage') ? await missingPage(url) : await page(url));
      expect(keys, url).toEqual(expect.arrayContaining(['layout.skipLink', 'booking.submit', 'manage.cancel', 'consultation.submit', 'message.slotFull']));
      expect(keys.filter((key) => key.startsWith('email.')), url).toEqual([]);
    }
  });

  it("finds in the home and event pages' code only messages their pages carry", () => {
    const folders = ['client/features/home', 'client/features/event', 'client/features/layout', 'client/features/contact'];
    const files = [
      ...folders.flatMap((folder) => fs.readdirSync(folder).map((name) => path.join(folder, name))),
      ...['client/home.tsx', 'client/home-root.tsx', 'client/event.tsx', 'client/event-root.tsx'],
    ].filter((file) => /\.tsx?$/.test(file));
    const used = new Set(files.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/'([a-z]+(?:\.[A-Za-z0-9]+)+)'/g)].map((match) => match[1] ?? '')));
    const keys = [...used].filter((key) => Object.hasOwn(CATALOGS.en, key));
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((key) => !carries('own', key))).toEqual([]);
  });

  it('finds the English texts on the English pages (the check above sees them)', async () => {
    const event = await eventWithSession();
    for (const url of ['/', `/events/${event.id}`]) {
      const html = await page(url);
      expect(html, url).toContain('<html lang="en"');
      expect(englishLeft(html).length, url).toBeGreaterThan(10);
    }
  });

  it("shows a firm's event title without a French value in English on the French page", async () => {
    const event = await eventWithSession();
    const html = await page(`/fr/events/${event.id}`);
    expect(textsOf(html)).toEqual(expect.arrayContaining(['Accra Trade Summit', 'Buyer Meetings']));
    expect(html).toContain('<title>Accra Trade Summit | ');
  });

  it("shows an event's French title and description on the French pages, and the English ones on the English pages", async () => {
    const { admin } = await roleCallers(env);
    const event = await admin.events.create(
      eventInput({
        title: 'Accra Trade Summit',
        description: 'Two days of meetings with buyers.',
        translations: { fr: { title: "Sommet commercial d'Accra", description: 'Deux jours de rencontres avec des acheteurs.' } },
      }),
    );
    expect(event.translations).toEqual({ fr: { title: "Sommet commercial d'Accra", description: 'Deux jours de rencontres avec des acheteurs.' } });

    const french = await page(`/fr/events/${event.id}`);
    expect(textsOf(french)).toEqual(expect.arrayContaining(["Sommet commercial d'Accra", 'Deux jours de rencontres avec des acheteurs.']));
    expect(textsOf(french)).not.toContain('Accra Trade Summit');
    expect(french).toContain('<title>Sommet commercial d&#39;Accra | ');
    expect(textsOf(await page('/fr/'))).toContain("Sommet commercial d'Accra");

    const english = await page(`/events/${event.id}`);
    expect(textsOf(english)).toEqual(expect.arrayContaining(['Accra Trade Summit', 'Two days of meetings with buyers.']));
    expect(english).toContain('<title>Accra Trade Summit | ');

    // A French description without a French title: the title falls back to English, alone.
    const updated = await admin.events.update({
      ...eventInput({ title: 'Accra Trade Summit', translations: { fr: { title: '  ', description: 'Deux jours.' } } }),
      id: event.id,
      isActive: true,
      displayOrder: 1,
    });
    expect(updated.translations).toEqual({ fr: { title: null, description: 'Deux jours.' } });
    expect(textsOf(await page(`/fr/events/${event.id}`))).toEqual(expect.arrayContaining(['Accra Trade Summit', 'Deux jours.']));
  });

  it("shows the firm's tagline, description, opening hours, reply promise and footer text in French on /fr/, and in English on /", async () => {
    const { admin } = await roleCallers(env);
    const frenchTexts = {
      tagline: 'Conseil à l’export pour les fabricants du Nord.',
      siteDescription: 'Kestrel et Finch aide les petits fabricants à vendre à l’étranger.',
      openingHours: 'Du lundi au jeudi, de 8 h à 16 h',
      replyPromise: 'Nous répondons sous deux jours ouvrés.',
      footerText: 'Immatriculée en Angleterre et au pays de Galles, n° 01234567.',
    };
    await admin.settings.updateIdentity({ ...IDENTITY, translations: { fr: frenchTexts } });

    const french = await page('/fr/');
    expect(textsOf(french)).toEqual(
      expect.arrayContaining([
        'Conseil à l’export pour les fabricants du Nord.',
        'Du lundi au jeudi, de 8 h à 16 h',
        'Dites-nous où vous voulez grandir. Nous répondons sous deux jours ouvrés.',
        'Immatriculée en Angleterre et au pays de Galles, n° 01234567.',
      ]),
    );
    // What the page shows (not its data, which carries both languages).
    const shown = textsOf(french).join('\n');
    for (const english of [IDENTITY.tagline, IDENTITY.openingHours, IDENTITY.replyPromise, IDENTITY.footerText]) {
      expect(shown, english ?? '').not.toContain(english);
    }
    expect(french).toContain('<meta name="description" content="Kestrel et Finch aide les petits fabricants à vendre à l’étranger." />');
    expect(french).toContain(
      '"description":"Kestrel et Finch aide les petits fabricants à vendre à l’étranger.","slogan":"Conseil à l’export pour les fabricants du Nord."',
    );
    // The event and booking pages share the footer.
    expect(textsOf(await page('/fr/booking'))).toEqual(expect.arrayContaining(['Conseil à l’export pour les fabricants du Nord.', frenchTexts.footerText]));

    const english = await page('/');
    expect(textsOf(english)).toEqual(
      expect.arrayContaining([
        'Export advice for makers in the north.',
        'Monday to Thursday, 8:00 to 16:00',
        'Tell us where you want to grow. We answer within two working days.',
        'Registered in England and Wales, no. 01234567.',
      ]),
    );
    expect(textsOf(english).join('\n')).not.toContain('Nous répondons');
    expect(english).toContain('<meta name="description" content="Kestrel &#38; Finch helps small manufacturers sell abroad." />');

    // A French text left blank: the French page shows the English one.
    await admin.settings.updateIdentity({ ...IDENTITY, translations: { fr: { ...frenchTexts, replyPromise: '  ', openingHours: null } } });
    expect(textsOf(await page('/fr/'))).toEqual(
      expect.arrayContaining(['Monday to Thursday, 8:00 to 16:00', 'Dites-nous où vous voulez grandir. We answer within two working days.']),
    );
  });

  it('refuses a French title of more than one line, or a language the site does not speak', async () => {
    const { admin, user, anonymous } = await roleCallers(env);
    await expectTRPCError(admin.events.create(eventInput({ translations: { fr: { title: 'Sommet\nd’Accra', description: null } } })), 'BAD_REQUEST');
    await expectTRPCError(admin.events.create(eventInput({ translations: { de: { title: 'Gipfel', description: null } } })), 'BAD_REQUEST');
    // Only admins write events, French texts included.
    await expectTRPCError(user.events.create(eventInput({ translations: { fr: { title: 'Sommet', description: null } } })), 'FORBIDDEN');
    await expectTRPCError(anonymous.events.create(eventInput({ translations: { fr: { title: 'Sommet', description: null } } })), 'UNAUTHORIZED');
  });

  it('links each page to itself in every language (hreflang) and lists both in the sitemap', async () => {
    const event = await eventWithSession();
    const html = await page(`/fr/events/${event.id}`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/fr/events/${event.id}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/events/${event.id}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="fr" href="${ORIGIN}/fr/events/${event.id}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/events/${event.id}" />`);
    const home = await page('/');
    expect(home).toContain(`<link rel="alternate" hreflang="fr" href="${ORIGIN}/fr/" />`);

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    for (const loc of [`${ORIGIN}/`, `${ORIGIN}/fr/`, `${ORIGIN}/events/${event.id}`, `${ORIGIN}/fr/events/${event.id}`]) {
      expect(sitemap.body).toContain(`<loc>${loc}</loc>`);
    }
    expect(sitemap.body).toContain(`<loc>${ORIGIN}/fr/booking</loc>`);
    expect(sitemap.body).toContain(`<loc>${ORIGIN}/fr/booking/${event.id}</loc>`);
  });

  it("keeps the page in the switcher's links, in the header and the footer", async () => {
    const event = await eventWithSession();
    const french = await page(`/fr/events/${event.id}`);
    const toEnglish = `<a class="[^"]*" href="/events/${event.id}\\?lang=en" hrefLang="en" lang="en">English</a>`;
    expect(french.match(new RegExp(toEnglish, 'g'))?.length).toBe(3); // header bar, mobile menu, footer
    const english = await page(`/events/${event.id}`);
    expect(english).toMatch(new RegExp(`href="/fr/events/${event.id}\\?lang=fr" hrefLang="fr" lang="fr">Français</a>`));
    // Links to other pages stay in the language, the booking pages too.
    expect(french).toContain('href="/fr/#events"');
    expect(french).toContain(`href="/fr/booking/${event.id}"`);

    // The booking pages' switcher keeps the page too, and their links stay in French.
    const booking = await page(`/fr/booking/${event.id}`);
    expect(booking.match(new RegExp(`href="/booking/${event.id}\\?lang=en" hrefLang="en" lang="en">English</a>`, 'g'))?.length).toBe(3);
    expect(await page('/booking')).toContain('href="/fr/booking?lang=fr" hrefLang="fr" lang="fr">Français</a>');
    expect(booking).toContain('href="/fr/consultation"');
  });
});

describe('choosing the language', () => {
  it("sends a browser that asks for French to the French page, unless the visitor chose English", async () => {
    const event = await eventWithSession();
    const french = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };
    const home = await app.inject({ method: 'GET', url: '/?ref=mail', headers: french });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/fr/?ref=mail');
    expect(home.headers.vary).toBe('accept-encoding, cookie, accept-language');
    const eventPage = await app.inject({ method: 'GET', url: `/events/${event.id}`, headers: french });
    expect(eventPage.headers.location).toBe(`/fr/events/${event.id}`);

    // The booking pages too; English-only pages are not sent anywhere; an English browser stays.
    expect((await app.inject({ method: 'GET', url: '/booking', headers: french })).headers.location).toBe('/fr/booking');
    expect((await app.inject({ method: 'GET', url: '/admin/login', headers: french })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.8' } })).statusCode).toBe(200);

    // The visitor's choice (the cookie) outranks the browser's language, both ways.
    expect((await app.inject({ method: 'GET', url: '/', headers: { ...french, cookie: 'lang=en' } })).statusCode).toBe(200);
    const chosen = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en', cookie: 'lang=fr' } });
    expect(chosen.headers.location).toBe('/fr/');
  });

  it('remembers the language picked with the switcher and opens the same page in it', async () => {
    const event = await eventWithSession();
    const toEnglish = await app.inject({ method: 'GET', url: `/fr/events/${event.id}?lang=en` });
    expect(toEnglish.statusCode).toBe(302);
    expect(toEnglish.headers.location).toBe(`/events/${event.id}`);
    expect(String(toEnglish.headers['set-cookie'])).toMatch(/^lang=en; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);

    const toFrench = await app.inject({ method: 'GET', url: '/?lang=fr' });
    expect(toFrench.headers.location).toBe('/fr/');
    expect(String(toFrench.headers['set-cookie'])).toContain('lang=fr;');

    // An unknown language is dropped from the address and nothing is remembered.
    const unknown = await app.inject({ method: 'GET', url: '/?lang=xx' });
    expect(unknown.headers.location).toBe('/');
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('sends a French address of an English-only page (the back office) to the English one', async () => {
    const admin = await app.inject({ method: 'GET', url: '/fr/admin/events?page=2' });
    expect(admin.headers.location).toBe('/admin/events?page=2');
  });
});
