// The firm's own texts in French in a real browser: a session's French title and description show on
// the French event page (server-rendered, adopted by React without a mismatch), the event's untranslated
// title falls back to English, and the English page keeps the English texts.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { createBookableSlot, mutate } from './support';

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
