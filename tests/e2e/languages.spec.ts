// The site in French: a browser that asks for French gets /fr/ (server-rendered in French, `lang`
// right, axe clean, adopted by React without an error), the switcher in the header and the footer
// keeps the page and its choice outranks the browser's language, the home page's JavaScript stays
// within its budget in both languages (only the page's language's catalog, in the page itself), and
// a French booking page says the server's refusal and a lost connection in French.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_CLIENT_DIR } from './env';
import { expect, test } from './fixtures';
import { createBookableSlot, mutate, query, readDatabase, signInAsAdmin } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const KB = 1024;

/** What the server sends of a built file: its .gz beside it, or a small file compressed the same way. */
function gzipSize(file: string): number {
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes[0]?.html.slice(0, 160) ?? ''}`);
}

async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('a browser that asks for French', () => {
  test.use({ locale: 'fr-FR' });

  test('gets the French home page at /fr/, in French from the server, axe clean', async ({ page }) => {
    const errors = recordErrors(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL('/fr/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { level: 2, name: 'Événements à venir' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toBeAttached();
      await waitForHydration(page, '#hero-heading');
      await page.waitForLoadState('networkidle');
      expect(await violations(page), `axe at ${width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  test('switches an event page to English and back, keeping the page; the choice outranks the browser', async ({ page, request }) => {
    const slot = await createBookableSlot(request, { title: 'Kumasi Kente Showcase', capacity: 1 });
    const errors = recordErrors(page);
    await page.goto(`/events/${slot.eventId}`);
    await expect(page).toHaveURL(`/fr/events/${slot.eventId}`);
    // The firm's title has no French value: it shows in English, in a French page.
    await expect(page.getByRole('heading', { level: 1, name: 'Kumasi Kente Showcase' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Séances' })).toBeVisible();
    await expect(page.getByText('1 place restante')).toBeVisible();
    await waitForHydration(page, 'h1');
    expect(await violations(page)).toEqual([]);

    await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(`/events/${slot.eventId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 2, name: 'Sessions' })).toBeVisible();
    await expect(page.getByText('1 seat left')).toBeVisible();

    // The visitor chose English: the home page stays English, though the browser asks for French.
    await page.goto('/');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming Events' })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL('/fr/');
    await expect(page.getByRole('heading', { level: 2, name: 'Événements à venir' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('a missing event says so in French on its French address, with a 404', async ({ page }) => {
  const errors = recordErrors(page);
  const response = await page.goto('/fr/events/no-such-event');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Événement introuvable' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir les événements à venir' })).toHaveAttribute('href', '/fr/#events');
  // The failed read of the event is the page's own 404, not an error of the page.
  expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
});

test("the home page's JavaScript stays within 100 KB gzip in each language, with no catalog in it", async ({ page }) => {
  for (const url of ['/', '/fr/']) {
    const response = await page.request.get(url, { headers: { 'accept-language': 'en' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    const scripts = [...new Set([...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ''))];
    expect(scripts.length).toBeGreaterThan(0);
    const gzipBytes = scripts.reduce((sum, file) => sum + gzipSize(path.join(E2E_CLIENT_DIR, file)), 0);
    expect(gzipBytes / KB, `${url}: ${(gzipBytes / KB).toFixed(1)} KB`).toBeLessThanOrEqual(100);
    for (const file of scripts) {
      const code = fs.readFileSync(path.join(E2E_CLIENT_DIR, file), 'utf8');
      expect(code, file).not.toContain('Aller au contenu principal');
      expect(code, file).not.toContain('Skip to main content');
    }
  }
});

test.describe('a French booking', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 375, height: 800 } });

  test('books on /fr/booking/<id> on a phone: the form and its outcome in French, axe clean, stored as French', async ({ page, request }) => {
    const slot = await createBookableSlot(request, { title: 'Tamale Shea Roundtable', capacity: 5 });
    const errors = recordErrors(page);
    // The event's Register link, from its French page, leads to the French booking form.
    await page.goto(`/fr/events/${slot.eventId}`);
    await page.locator(`main a[href="/fr/booking/${slot.eventId}"]`).first().click();
    await expect(page).toHaveURL(`/fr/booking/${slot.eventId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle(/^Réserver une séance \| /);
    await expect(page.getByRole('heading', { level: 1, name: 'Réservez votre séance' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: "Choisir l'événement" })).toHaveValue(slot.eventTitle);
    await page.getByRole('combobox', { name: 'Choisir la séance' }).click();
    await page.getByRole('option', { name: new RegExp(slot.sessionTitle) }).click();
    await expect(page.getByText('5 places restantes')).toBeVisible();
    await page.getByRole('radio').first().check();
    // Refused by the form: its messages in French.
    await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(page.getByText('Le nom du participant est obligatoire', { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations(page), 'axe on the form').toEqual([]);

    await page.getByLabel('Nom complet').fill('Abena Mensah');
    await page.getByLabel('Adresse e-mail').fill('abena.fr@example.com');
    await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Réservation enregistrée !' })).toBeVisible();
    await expect(page.getByText('Votre demande de réservation a bien été reçue.', { exact: false })).toBeVisible();
    await expect(page.getByRole('row', { name: /Séance/ })).toContainText(slot.sessionTitle);
    await expect(page.getByRole('button', { name: 'Réserver une autre séance' })).toBeVisible();
    expect(await violations(page), 'axe on the outcome').toEqual([]);

    // The booking remembers the language it was made in (its e-mails follow it).
    const stored = readDatabase((db) => db.prepare('SELECT language FROM bookings WHERE participant_email = ?').get('abena.fr@example.com') as { language: string } | undefined);
    expect(stored?.language).toBe('fr');
    expect(errors).toEqual([]);
  });

  test("says the server's refusal and a lost connection in French, whatever words the browser gives them", async ({ page, request, restoreAfterTest }) => {
    const slot = await createBookableSlot(request, { title: 'Cape Coast Refusals', capacity: 5 });
    await page.goto(`/fr/booking/${slot.eventId}`);
    await page.getByRole('combobox', { name: 'Choisir la séance' }).click();
    await page.getByRole('option', { name: new RegExp(slot.sessionTitle) }).click();
    await page.getByRole('radio').first().check();
    await page.getByLabel('Nom complet').fill('Kojo Asante');
    await page.getByLabel('Adresse e-mail').fill('kojo.fr@example.com');

    // The firm closes bookings while the page is open: the server refuses, by key, in French here.
    restoreAfterTest((admin) => setAllowRegistrations(admin, true));
    await setAllowRegistrations(request, false);
    await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Les réservations sont actuellement fermées.' })).toBeVisible();
    // Open again for what follows in this test (the teardown opens them too if it fails before here).
    await setAllowRegistrations(request, true);

    // The connection drops (Chromium's own words for it are English): the page's sentence is French.
    await page.route('**/api/trpc/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

/** Allow Registrations on or off, the rest of the System settings as they are. */
async function setAllowRegistrations(request: APIRequestContext, allowRegistrations: boolean): Promise<void> {
  await signInAsAdmin(request);
  const { system } = await query<{ system: Record<string, unknown> }>(request, 'settings.get');
  await mutate(request, 'settings.updateSystem', { ...system, allowRegistrations });
}
