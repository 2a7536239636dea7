// Booking with the keyboard alone, from the home page to the confirmation, at 375 and 1280 px: the
// skip link comes first, every stop shows where the focus is (a :focus-visible outline), focus
// moves to the new page's heading, to the first field in error when a submit is refused (the
// messages also go to a live region), and to the confirmation's heading.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createBookableSlot, mutate, signInAsAdmin } from './support';

interface Focused {
  tag: string;
  text: string;
  label: string | null;
  href: string | null;
  focusVisible: boolean;
  outline: string;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) {
      return { tag: 'body', text: '', label: null, href: null, focusVisible: false, outline: 'none' };
    }
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      text: (element.textContent ?? '').trim().slice(0, 80),
      label: element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? null,
      href: element.getAttribute('href'),
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0 ? 'none' : `${style.outlineWidth} ${style.outlineStyle}`,
    };
  });
}

/** The focused element shows a visible focus outline. */
async function expectVisibleFocus(page: Page, where: string): Promise<Focused> {
  const now = await focused(page);
  expect(now.focusVisible, `focus is :focus-visible at ${where} (${now.tag} ${now.text})`).toBe(true);
  expect(now.outline, `focus outline at ${where} (${now.tag} ${now.text})`).not.toBe('none');
  return now;
}

/** Presses Tab until the focused element satisfies `found` (each stop with a visible focus). */
async function tabTo(page: Page, where: string, found: (now: Focused) => boolean, limit = 80): Promise<Focused> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const now = await expectVisibleFocus(page, where);
    if (found(now)) return now;
  }
  throw new Error(`Tab never reached ${where}`);
}

for (const width of [375, 1280]) {
  test.describe(`keyboard-only booking at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    // The event goes when the test ends: the home page shows only the first few events, which other
    // specs expect to be theirs.
    let eventId: string | null = null;
    test.afterEach(async ({ request }) => {
      if (eventId === null) return;
      await signInAsAdmin(request);
      await mutate(request, 'events.delete', { id: eventId });
      eventId = null;
    });

    test('from the home page to the confirmation with Tab, Enter, Space, arrows and typing', async ({ page, request }) => {
      test.setTimeout(60_000);
      const slot = await createBookableSlot(request, { title: `Keys Only Forum ${width} ${Date.now()}`, capacity: 5 });
      eventId = slot.eventId;
      await page.goto('/');
      await expect(page.locator('#events').getByRole('link', { name: 'Register Now' }).first()).toBeVisible();

      // The skip link is the first stop and takes focus to the page itself.
      await page.keyboard.press('Tab');
      const skip = await expectVisibleFocus(page, 'the skip link');
      expect(skip.text).toBe('Skip to main content');
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();

      // On to a Register Now link, then Enter: the booking page loads as any page does, focus at
      // its start (no focus box drawn on its heading), and Tab goes on from there.
      await tabTo(page, 'a Register Now link', (now) => now.tag === 'a' && now.text === 'Register Now');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/booking\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Book Your Session' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Select Event' })).toBeVisible();
      expect((await focused(page)).tag).toBe('body');

      // The event: a searchable list, typed into and chosen with Enter.
      await tabTo(page, 'Select Event', (now) => now.label === 'Select Event *' || now.label === 'Select Event');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(slot.eventTitle);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('combobox', { name: 'Select Event' })).toHaveValue(slot.eventTitle);
      await expect(page.getByRole('combobox', { name: 'Select Session' })).toBeEnabled();

      // The session: opened with the arrow key, chosen with Enter.
      await tabTo(page, 'Select Session', (now) => (now.label ?? '').startsWith('Select Session'));
      await page.keyboard.press('ArrowDown');
      // Enter only once the option is highlighted: on a busy machine the list can open a moment
      // after the key, and an Enter before that chooses nothing.
      await expect(page.getByRole('option', { name: new RegExp(slot.sessionTitle) })).toHaveAttribute('data-combobox-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('combobox', { name: 'Select Session' })).toHaveValue(new RegExp(slot.sessionTitle));
      await expect(page.getByRole('radio').first()).toBeVisible();

      // The time slot: a radio, chosen with Space.
      await tabTo(page, 'the time slot', (now) => now.tag === 'input' && (now.label ?? '').includes(','));
      await page.keyboard.press('Space');
      await expect(page.getByRole('radio').first()).toBeChecked();

      // Confirm with the name and e-mail empty: focus goes to the first field in error, and the
      // messages are in a live region.
      await tabTo(page, 'Confirm Booking', (now) => now.text === 'Confirm Booking');
      await page.keyboard.press('Enter');
      const name = page.getByRole('textbox', { name: 'Full Name' });
      await expect(name).toBeFocused();
      await expectVisibleFocus(page, 'the first field in error');
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Please check the form' })).toHaveText(
        'Please check the form: Participant name is required. Email is required.',
      );

      await page.keyboard.type('Kwesi Appiah');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('textbox', { name: 'Email Address' })).toBeFocused();
      await page.keyboard.type(`keyboard-${width}-${Date.now()}@example.com`);
      await tabTo(page, 'Confirm Booking', (now) => now.text === 'Confirm Booking');
      await page.keyboard.press('Enter');

      // The confirmation's heading has the focus (and is read out).
      const confirmed = page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' });
      await expect(confirmed).toBeFocused();
      await expectVisibleFocus(page, 'the confirmation heading');
    });
  });
}
