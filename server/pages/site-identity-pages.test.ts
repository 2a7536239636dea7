// The firm's identity, set through the API, reaches everything a visitor or participant reads: the
// first HTML of the home, booking, event and manage pages (head, JSON-LD, header, footer, contact
// block), an e-mail delivered to an SMTP server on loopback with its .ics, and the calendar feed.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { startEmailSender } from '@server/email/sender';
import { insertBookableSlot } from '@tests/support/fixtures';
import { createAccount, createTestEnv, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';
import { IDENTITY } from '@tests/support/identity-fixture';
import { parseMail, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';


let env: TestEnv;
let app: FastifyInstance;
let admin: TestAccount;
let smtp: TestSmtpServer;

beforeEach(async () => {
  env = await createTestEnv();
  admin = await createAccount(env.db, 'admin');
  app = await buildPageApp(env);
  smtp = await startSmtpServer();
  await useSmtpServer(env.db, smtp, { fromEmail: 'bookings@mailer.example' });
});

afterEach(async () => {
  await app.close();
  await smtp.close();
  await env.close();
});

async function saveIdentity(input: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/trpc/settings.updateIdentity',
    headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
    payload: JSON.stringify(input),
  });
  expect(response.statusCode).toBe(200);
}

async function page(url: string, status = 200): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(status);
  return response.body;
}

const NAME = 'Kestrel &#38; Finch Partners';
const NAME_IN_MARKUP = 'Kestrel &amp; Finch Partners';

function organizationOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
}

function expectHead(html: string, title: string): void {
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<meta name="description" content="Kestrel &#38; Finch helps small manufacturers sell abroad." />`);
  expect(html).toContain(`<meta property="og:site_name" content="${NAME}" />`);
  expect(html).toContain(`<meta property="og:description" content="Kestrel &#38; Finch helps small manufacturers sell abroad." />`);
  expect(organizationOf(html)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Kestrel & Finch Partners',
    url: 'http://127.0.0.1:3000/',
    description: 'Kestrel & Finch helps small manufacturers sell abroad.',
    slogan: 'Export advice for makers in the north.',
    email: 'hello@kestrel-finch.example',
    telephone: '+44 161 496 0000',
    address: { '@type': 'PostalAddress', streetAddress: '12 Mill Lane, Manchester M1 1AA, United Kingdom' },
    sameAs: Object.values(IDENTITY.social ?? {}),
  });
}

/** What the header and footer of every server-rendered page show. */
function expectFrame(html: string): void {
  expect(html).toContain(`${NAME_IN_MARKUP}</span>`);
  expect(html).toContain('Export advice for makers in the north.');
  expect(html).toContain('href="mailto:hello@kestrel-finch.example"');
  expect(html).toContain('href="tel:+441614960000"');
  expect(html).toContain('<span><span>12 Mill Lane</span><span><br/>Manchester M1 1AA</span><span><br/>United Kingdom</span></span>');
  for (const url of Object.values(IDENTITY.social ?? {})) expect(html).toContain(`href="${url}"`);
  expect(html).toContain('Registered in England and Wales, no. 01234567.');
  expect(html).toContain(`© ${new Date().getFullYear()} ${NAME_IN_MARKUP}. All rights reserved.`);
}

describe('the public pages', () => {
  it('carry the identity in their first HTML, and a save is seen by the next visitor', async () => {
    const before = await page('/');
    expect(before).not.toContain('Kestrel');
    await saveIdentity(IDENTITY);

    const home = await page('/');
    expectHead(home, NAME);
    expectFrame(home);
    // The contact section: reply promise, hours and the map at the point.
    expect(home).toContain('We answer within two working days.');
    expect(home).toContain('Monday to Thursday, 8:00 to 16:00');
    expect(home).toContain('https://www.openstreetmap.org/export/embed.html?bbox=-2.2526%2C53.4758%2C-2.2326%2C53.4858&amp;layer=mapnik&amp;marker=53.4808%2C-2.2426');
    expect(home).toContain('href="https://www.openstreetmap.org/?mlat=53.4808&amp;mlon=-2.2426#map=15/53.4808/-2.2426"');
    // The card stays in front of the frame, for a visitor whose browser cannot load it.
    expect(home.indexOf('Open in OpenStreetMap<span')).toBeGreaterThan(-1);
    expect(home.indexOf('Open in OpenStreetMap<span')).toBeLessThan(home.indexOf('<iframe'));

    const { slot, event } = await insertBookableSlot(env.db);
    for (const [url, title] of [
      ['/booking', `Book a Session | ${NAME}`],
      [`/booking/${event.id}`, `Book a Session | ${NAME}`],
    ] as const) {
      const html = await page(url);
      expectHead(html, title);
      expectFrame(html);
    }
    // The private manage page is drawn in the browser; its head is the site's all the same, also
    // for a link no booking has (404).
    expectHead(await page('/booking/manage/any-token', 404), `Book a Session | ${NAME}`);
    expectHead(await page('/consultation'), `Book a Consultation | ${NAME}`);
    expectHead(await page('/consultations/manage/any-token', 404), `Book a Consultation | ${NAME}`);
    expect(slot.id).toBeTruthy();
  });

  it('shows a link instead of the map, and no contact block at all without details', async () => {
    await saveIdentity({ ...IDENTITY, mapMode: 'link' });
    const linked = await page('/');
    expect(linked).not.toContain('<iframe');
    // The map's card: the place and the link, which need no network.
    expect(linked).toContain('>12 Mill Lane, Manchester M1 1AA, United Kingdom</span>');
    expect(linked).toContain('Open in OpenStreetMap<span');
    const french = await page('/fr/');
    expect(french).toContain('Ouvrir dans OpenStreetMap<span');
    expect(french).not.toContain('<iframe');

    await saveIdentity({ siteName: 'Plain Firm', addressLines: [], mapMode: 'none', social: {} });
    // The page's markup, without the catalog of its language (which names every text the page may show).
    const plain = (await page('/')).replace(/<script type="application\/json" id="page-language">.*?<\/script>/s, '');
    expect(plain).not.toContain('Contact Details</h3>');
    expect(plain).not.toContain('mailto:');
    expect(plain).not.toContain('<iframe');
    expect(plain).not.toContain('Contact Organizer');
    expect(plain).not.toContain('Social media');
  });
});

describe('brand colours', () => {
  it('are written into every page head and the e-mails, and left out while they are the shipped ones', async () => {
    expect(await page('/')).not.toContain('id="brand-colours"');
    await saveIdentity({ ...IDENTITY, primaryColor: '#1d4ed8', accentColor: '#fde68a' });
    for (const url of ['/', '/booking', '/admin/login']) {
      const html = await page(url);
      expect(html).toMatch(/<style id="brand-colours">html:root\{--brand-primary:#1d4ed8;--brand-primary-deep:#[0-9a-f]{6};.*--brand-accent:#fde68a;.*--mantine-color-navy-8:#1d4ed8;.*\}<\/style>/);
    }
    const { slot } = await insertBookableSlot(env.db);
    await app.inject({
      method: 'POST',
      url: '/api/trpc/bookings.create',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
      payload: JSON.stringify({ timeSlotId: slot.id, participantName: 'Ama Mensah', participantEmail: 'ama@example.com' }),
    });
    const sender = startEmailSender(env.deps, { intervalMs: null });
    try {
      await sender.runOnce();
    } finally {
      await sender.stop();
    }
    const mail = parseMail(smtp.received.find((received) => received.rcptTo.includes('ama@example.com'))?.raw ?? '');
    expect(mail.html).toContain('background:#1d4ed8;color:#ffffff;');
  });
});

describe('e-mails and calendars', () => {
  it('sign with the contact details and name the firm as organizer', async () => {
    await saveIdentity(IDENTITY);
    const { slot } = await insertBookableSlot(env.db);
    const booking = await app.inject({
      method: 'POST',
      url: '/api/trpc/bookings.create',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
      payload: JSON.stringify({ timeSlotId: slot.id, participantName: 'Ama Mensah', participantEmail: 'ama@example.com' }),
    });
    expect(booking.statusCode).toBe(200);
    const sender = startEmailSender(env.deps, { intervalMs: null });
    try {
      await sender.runOnce();
    } finally {
      await sender.stop();
    }
    const raw = smtp.received.find((mail) => mail.rcptTo.includes('ama@example.com'));
    expect(raw).toBeDefined();
    const mail = parseMail(raw?.raw ?? '');
    expect(mail.subject).toMatch(/^Kestrel & Finch Partners: booking received for /);
    expect((mail.text ?? '').replace(/\r\n/g, '\n')).toMatch(
      /\n\nKestrel & Finch Partners\n12 Mill Lane\nManchester M1 1AA\nUnited Kingdom\n\+44 161 496 0000\nhello@kestrel-finch\.example\n$/,
    );
    expect(mail.html).toContain('Kestrel &amp; Finch Partners<br>12 Mill Lane<br>Manchester M1 1AA<br>United Kingdom<br>+44 161 496 0000<br>hello@kestrel-finch.example</p>');
    expect((mail.ics ?? '').replace(/\r\n /g, '')).toContain('ORGANIZER;CN="Kestrel & Finch Partners":mailto:hello@kestrel-finch.example');

    const feed = await page('/events.ics');
    expect(feed).toContain('X-WR-CALNAME:Kestrel & Finch Partners');
    expect(feed.replace(/\r\n /g, '')).toContain('ORGANIZER;CN="Kestrel & Finch Partners":mailto:hello@kestrel-finch.example');
  });
});
