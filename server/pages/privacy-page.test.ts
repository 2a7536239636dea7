// The public privacy page: /privacy and /fr/privacy rendered by the server with the firm's text
// (French falling back to English), the retention periods as they are set, the privacy page's own
// script and head, shown afresh after an admin saves; the footer links it and the public forms'
// consent line too.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { DEFAULT_PRIVACY_TEXT } from '@server/privacy/privacy-settings.repository';
import { createAccount, createTestEnv, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';

const ORIGIN = 'https://consulting.example.com';

let env: TestEnv;
let app: FastifyInstance;
let admin: TestAccount;

beforeEach(async () => {
  env = await createTestEnv({ env: { PUBLIC_ORIGIN: ORIGIN } });
  admin = await createAccount(env.db, 'admin');
  app = await buildPageApp(env);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

async function page(url: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The visible texts of the rendered root, one per element. */
function textsOf(html: string): string[] {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  return root
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((text) => text.replace(/&#x27;|&#39;/g, "'").trim())
    .filter((text) => text !== '');
}

function saveSettings(input: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/trpc/privacy.updateSettings',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
    payload: JSON.stringify(input),
  });
}

describe('the privacy page', () => {
  it('is rendered by the server with the default text, the retention periods off, its own script and head', async () => {
    const html = await page('/privacy');
    // The event pages' script, which adopts the privacy page too.
    expect(html).toContain('<script type="module" src="/assets/event.js">');
    expect(html).toMatch(/<title>Privacy Policy \| [^<]+<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/privacy" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="fr" href="${ORIGIN}/fr/privacy" />`);
    const texts = textsOf(html);
    expect(texts).toEqual(expect.arrayContaining(['Privacy policy', ...DEFAULT_PRIVACY_TEXT.split('\n\n')]));
    expect(texts).toEqual(
      expect.arrayContaining([
        'How long we keep your data',
        'Bookings and consultations are kept until you ask us to delete them.',
        'Contact messages are kept until you ask us to delete them.',
      ]),
    );
    // The footer of every public page links it.
    expect(html).toMatch(/<a href="\/privacy" class="[^"]+">Privacy<\/a>/);
  });

  it('shows a saved text and the periods at once, in French with its own text or the English one', async () => {
    await page('/privacy');
    await page('/fr/privacy');
    const saved = await saveSettings({ policyEn: 'We keep little.\n\nAsk us anything.', policyFr: null, bookingRetentionMonths: 1, contactRetentionMonths: 24 });
    expect(saved.statusCode).toBe(200);

    const english = textsOf(await page('/privacy'));
    expect(english).toEqual(expect.arrayContaining(['We keep little.', 'Ask us anything.']));
    expect(english).toEqual(
      expect.arrayContaining([
        'Bookings and consultations are anonymised 1 month after their date: your name, e-mail address, phone number and answers are removed.',
        'Contact messages are deleted 24 months after their last change.',
      ]),
    );
    const frenchFallback = await page('/fr/privacy');
    expect(frenchFallback).toContain('<html lang="fr"');
    expect(frenchFallback).toContain('<div lang="en"><p>We keep little.</p><p>Ask us anything.</p></div>');
    expect(textsOf(frenchFallback)).toEqual(
      expect.arrayContaining(['Politique de confidentialité', 'Les messages de contact sont supprimés 24 mois après leur dernière modification.']),
    );
    expect(frenchFallback).toMatch(/<a href="\/fr\/privacy" class="[^"]+">Confidentialité<\/a>/);

    await saveSettings({ policyEn: 'We keep little.', policyFr: 'Nous gardons peu.', bookingRetentionMonths: null, contactRetentionMonths: null });
    const french = await page('/fr/privacy');
    expect(french).toContain('<div><p>Nous gardons peu.</p></div>');
    expect(textsOf(french)).toContain("Les messages de contact sont conservés jusqu'à ce que vous nous demandiez de les supprimer.");
  });
});
