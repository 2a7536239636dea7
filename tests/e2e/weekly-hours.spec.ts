// My hours in a real browser at 1,280 and 375 px: time pickers per day, a message under a range that
// ends before it starts, a day copied to the weekdays and saved as minutes; a date with other hours
// picked in the calendar with its ranges in the same time pickers; no sideways scroll, axe clean.
import AxeBuilder from '@axe-core/playwright';
import { readDatabase, signInThroughUi } from './support';
import { expect, test } from './fixtures';

for (const width of [1280, 375]) {
  test(`weekly hours with time pickers at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 800 });
    await signInThroughUi(page);
    await page.goto('/admin/consultations');
    await page.getByRole('tab', { name: 'My hours' }).click();
    const monday = page.getByRole('group', { name: 'Monday' });
    await expect(monday).toBeVisible();
    // Monday alone, then a second range that ends before it starts.
    for (let count = await monday.getByRole('button', { name: /^Remove Monday range/ }).count(); count > 0; count -= 1) {
      await monday.getByRole('button', { name: 'Remove Monday range 1' }).click();
    }
    await monday.getByRole('button', { name: 'Add a range on Monday' }).click();
    await monday.getByLabel('Monday range 1 start').fill('09:00');
    await monday.getByLabel('Monday range 1 end').fill('12:00');
    await monday.getByRole('button', { name: 'Add a range on Monday' }).click();
    await monday.getByLabel('Monday range 2 start').fill('15:00');
    await monday.getByLabel('Monday range 2 end').fill('14:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect(monday.getByRole('alert')).toHaveText('The end must be after the start');
    await monday.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`weekly-hours-${width}.png`) });

    await monday.getByLabel('Monday range 2 start').fill('13:00');
    await monday.getByLabel('Monday range 2 end').fill('17:00');
    await monday.getByRole('button', { name: "Copy Monday's hours to every weekday" }).click();

    // One date with other hours: the 15th of next month, 10:00 to 12:30, picked in the calendar.
    for (let count = await page.getByRole('button', { name: /^Remove Date \d+$/ }).count(); count > 0; count -= 1) {
      await page.getByRole('button', { name: 'Remove Date 1', exact: true }).click();
    }
    await page.getByRole('button', { name: 'Add a date' }).click();
    const date = page.getByRole('group', { name: 'Date 1', exact: true });
    await date.getByRole('button', { name: 'Date', exact: true }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    // The browser's clock is in UTC (playwright.config.ts): the calendar opens on today's month there.
    const today = new Date();
    const fifteenth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 15));
    const monthName = fifteenth.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    const year = fifteenth.getUTCFullYear();
    await page.getByRole('button', { name: `15 ${monthName} ${year}`, exact: true }).click();
    await expect(date.getByRole('button', { name: 'Date', exact: true })).toHaveText(`15 ${monthName.slice(0, 3)} ${year}`);
    await date.getByRole('checkbox', { name: 'Day off' }).click();
    await date.getByLabel('Date 1 range 1 start').fill('10:00');
    await date.getByLabel('Date 1 range 1 end').fill('12:30');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Hours saved.' })).toBeVisible();
    await date.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`date-overrides-${width}.png`) });
    const friday = readDatabase((db) =>
      db
        .prepare(
          "SELECT a.start_minute AS startMinute, a.end_minute AS endMinute FROM availability_weekly a JOIN users u ON u.id = a.user_id WHERE u.email = 'admin@e2e.example.com' AND a.weekday = 5 ORDER BY a.start_minute",
        )
        .all(),
    );
    expect(friday).toEqual([
      { startMinute: 540, endMinute: 720 },
      { startMinute: 780, endMinute: 1020 },
    ]);
    const isoFifteenth = `${year}-${String(fifteenth.getUTCMonth() + 1).padStart(2, '0')}-15`;
    const overrides = readDatabase((db) =>
      db
        .prepare(
          "SELECT o.date AS date, o.start_minute AS startMinute, o.end_minute AS endMinute FROM availability_overrides o JOIN users u ON u.id = o.user_id WHERE u.email = 'admin@e2e.example.com' ORDER BY o.date, o.start_minute",
        )
        .all(),
    );
    expect(overrides).toEqual([{ date: isoFifteenth, startMinute: 600, endMinute: 750 }]);
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
