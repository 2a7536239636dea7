// The firm's own texts in French in a real browser: a session's French title and description show on
// the French event page (server-rendered, adopted by React without a mismatch), the event's untranslated
// title falls back to English, and the English page keeps the English texts.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { createBookableSlot, mutate, signInAsAdmin } from './support';

test('the French event page shows the session’s French texts and the event’s English title where none is given', async ({ page, request }) => {
  const slot = await createBookableSlot(request, { title: 'Accra Buyers Forum', capacity: 10 });
  await mutate(request, 'sessions.update', {
    id: slot.sessionId,
    eventId: slot.eventId,
    title: slot.sessionTitle,
    description: 'Meet the buyers one by one.',
    translations: { fr: { title: 'Rencontres acheteurs', description: 'Rencontrez les acheteurs un par un.' } },
    location: 'Room A',
    maxParticipants: 10,
    isActive: true,
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/fr/events/${slot.eventId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Accra Buyers Forum' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Rencontres acheteurs' })).toBeVisible();
  await expect(page.getByText('Rencontrez les acheteurs un par un.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  expect(errors).toEqual([]);

  await page.goto(`/events/${slot.eventId}?lang=en`);
  await expect(page.getByRole('heading', { level: 3, name: slot.sessionTitle })).toBeVisible();
  await expect(page.getByText('Rencontres acheteurs')).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`the French home page at ${width} px shows the firm's French tagline, opening hours, reply promise and footer text, adopted without a mismatch`, async ({
    page,
    request,
    restoreAfterTest,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(request);
    restoreAfterTest((admin) => mutate(admin, 'settings.updateIdentity', { siteName: 'Our Firm', addressLines: [], mapMode: 'none', social: {} }));
    await mutate(request, 'settings.updateIdentity', {
      siteName: 'Kestrel & Finch Partners',
      tagline: 'Export advice for makers in the north.',
      contactEmail: 'hello@kestrel-finch.example',
      openingHours: 'Monday to Thursday, 8:00 to 16:00',
      replyPromise: 'We answer within two working days.',
      addressLines: ['12 Mill Lane', 'Manchester M1 1AA'],
      mapMode: 'none',
      social: {},
      footerText: 'Registered in England and Wales, no. 01234567.',
      translations: {
        fr: {
          tagline: 'Conseil à l’export pour les fabricants du Nord.',
          openingHours: 'Du lundi au jeudi, de 8 h à 16 h',
          replyPromise: 'Nous répondons sous deux jours ouvrés.',
          footerText: 'Immatriculée en Angleterre et au pays de Galles, n° 01234567.',
        },
      },
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/fr/');
    await page.waitForLoadState('networkidle');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Conseil à l’export pour les fabricants du Nord.')).toBeVisible();
    await expect(footer.getByText('Immatriculée en Angleterre et au pays de Galles, n° 01234567.')).toBeVisible();
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(page.getByText('Du lundi au jeudi, de 8 h à 16 h')).toBeVisible();
    await expect(page.getByText('Dites-nous où vous voulez grandir. Nous répondons sous deux jours ouvrés.')).toBeVisible();
    await expect(page.getByText('Export advice for makers in the north.')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(errors).toEqual([]);

    await page.goto('/?lang=en');
    await expect(page.getByRole('contentinfo').getByText('Export advice for makers in the north.')).toBeVisible();
    await expect(page.getByText('Nous répondons sous deux jours ouvrés.')).toHaveCount(0);
  });
}
