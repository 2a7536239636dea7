// A fresh install, without `npm run seed`, shows a neutral site: the Site Name and the shipped
// section texts, no contact block, and none of the demo firm's name, people or contact details in
// any page or e-mail. The seed's firm lives in scripts/seed/firm.ts; a site already in use before
// the demo left the shipped product keeps its page and name.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultHomeContent } from '@client/features/home/content';
import { homeContentInput } from '@server/home-page/home-page.schemas';
import { startEmailSender } from '@server/email/sender';
import { up as neutralFirstRun } from './migrations/2026-11-27_140_neutral_first_run';
import { DEMO_HOME_CONTENT, DEMO_IDENTITY } from '@scripts/seed/firm';
import { insertBookableSlot } from '@tests/support/fixtures';
import { callerFor, createAccount, createTestEnv, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';
import { parseMail, startSmtpServer, type TestSmtpServer, useSmtpServer } from '@tests/support/smtp';


/** Everything of the demo firm a visitor or participant could read. */
const DEMO_STRINGS = [
  DEMO_IDENTITY.siteName,
  'globalreach',
  '555-0147',
  '5550147',
  'Washington',
  ...[DEMO_IDENTITY.tagline, DEMO_IDENTITY.siteDescription, DEMO_IDENTITY.contactEmail, DEMO_IDENTITY.openingHours, DEMO_IDENTITY.replyPromise].filter(
    (text): text is string => text !== null,
  ),
  ...Object.values(DEMO_IDENTITY.translations.fr ?? {}).filter((text): text is string => text !== null),
  ...DEMO_IDENTITY.addressLines,
  ...DEMO_HOME_CONTENT.testimonials.flatMap((testimonial) => [testimonial.name, testimonial.role]),
  DEMO_HOME_CONTENT.founder.name,
  ...DEMO_HOME_CONTENT.founder.bio,
];

function expectNoDemoFirm(text: string, where: string): void {
  const lower = text.toLowerCase();
  for (const demo of DEMO_STRINGS) expect(lower.includes(demo.toLowerCase()), `${where} shows "${demo}"`).toBe(false);
}

let env: TestEnv;
let app: FastifyInstance;
let smtp: TestSmtpServer;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildPageApp(env);
  smtp = await startSmtpServer();
  await useSmtpServer(env.db, smtp);
});

afterEach(async () => {
  await app.close();
  await smtp.close();
  await env.close();
});

async function page(url: string, status = 200): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(status);
  return response.body;
}

describe('a fresh install', () => {
  it('starts with the shipped neutral home content', async () => {
    const content = await callerFor(env.deps, null).homePage.get();
    const { updatedAt: _updatedAt, ...stored } = content;
    expect(stored).toEqual(homeContentInput.parse(defaultHomeContent));
    expect(stored.testimonials).toEqual([]);
  });

  it('shows none of the demo firm in its pages, and no contact block', async () => {
    const { event } = await insertBookableSlot(env.db);
    for (const url of ['/', '/booking', `/booking/${event.id}`, '/admin/login']) {
      expectNoDemoFirm(await page(url), url);
    }
    // A manage link no booking has: the site's 404 page, which names no demo firm either.
    expectNoDemoFirm(await page('/booking/manage/some-token', 404), '/booking/manage/some-token');
    // The page's markup, without the catalog of its language (which names every text the page may show).
    const home = (await page('/')).replace(/<script type="application\/json" id="page-language">.*?<\/script>/s, '');
    expect(home).toContain('<title>Our Firm</title>');
    expect(home).not.toContain('Contact Details</h3>');
    expect(home).not.toContain('Client Success Stories');
    expect(home).not.toContain('<iframe');
    expectNoDemoFirm(await page('/events.ics'), '/events.ics');
    expectNoDemoFirm(await page('/robots.txt'), '/robots.txt');
  });

  it('sends e-mails with none of the demo firm', async () => {
    await createAccount(env.db, 'admin', { email: 'owner@example.com' });
    const { slot } = await insertBookableSlot(env.db);
    const booking = await app.inject({
      method: 'POST',
      url: '/api/trpc/bookings.create',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
      payload: JSON.stringify({ timeSlotId: slot.id, participantName: 'Ama Mensah', participantEmail: 'ama@example.com' }),
    });
    expect(booking.statusCode).toBe(200);
    const contact = await app.inject({
      method: 'POST',
      url: '/api/trpc/contacts.submit',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
      payload: JSON.stringify({ name: 'Kofi', email: 'kofi@example.com', message: 'Hello' }),
    });
    expect(contact.statusCode).toBe(200);
    const sender = startEmailSender(env.deps, { intervalMs: null });
    try {
      await sender.runOnce();
    } finally {
      await sender.stop();
    }
    // The participant's booking and the admin's notices of the booking and the message.
    expect(smtp.received.length).toBeGreaterThanOrEqual(3);
    for (const mail of smtp.received) {
      const parsed = parseMail(mail.raw);
      expectNoDemoFirm(`${parsed.subject}\n${parsed.text ?? ''}\n${parsed.html ?? ''}\n${parsed.ics ?? ''}`, `e-mail "${parsed.subject}"`);
      expect((parsed.text ?? '').replace(/\r\n/g, '\n')).toMatch(/\n\nOur Firm\n$/);
    }
  });
});

describe('the first-run migration', () => {
  it('leaves the page of a site already in use, and keeps the name it showed', async () => {
    await createAccount(env.db, 'admin');
    await env.db.updateTable('homeContent').set({ content: JSON.stringify(DEMO_HOME_CONTENT) }).execute();
    await env.db.deleteFrom('settings').where('key', '=', 'system').execute();
    await neutralFirstRun(env.db.withoutPlugins());
    const public_ = await callerFor(env.deps, null).settings.public();
    expect(public_.siteName).toBe(DEMO_IDENTITY.siteName);
    expect((await callerFor(env.deps, null).homePage.get()).founder.name).toBe(DEMO_HOME_CONTENT.founder.name);
  });

  it('keeps the System settings a site in use saved', async () => {
    await createAccount(env.db, 'admin');
    const admin = callerFor(env.deps, await createAccount(env.db, 'admin'));
    await admin.settings.updateIdentity({ siteName: 'Kestrel & Finch', addressLines: [], mapMode: 'none', social: {} });
    await neutralFirstRun(env.db.withoutPlugins());
    expect((await callerFor(env.deps, null).settings.public()).siteName).toBe('Kestrel & Finch');
  });
});
