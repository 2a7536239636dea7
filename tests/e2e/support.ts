// Helpers for end-to-end tests: call the real API as the bootstrapped admin, read the real database.
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { wallClockParts } from '@tests/support/wall-clock';
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR } from './env';

const origin = { Origin: E2E_BASE_URL };

/** A tRPC mutation over HTTP (no transformer: the body is the input itself). */
export async function mutate<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${procedure}`, { data: input ?? {}, headers: origin });
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!response.ok() || body.result === undefined) {
    throw new Error(`${procedure} failed (${response.status()}): ${body.error?.message ?? 'no message'}`);
  }
  return body.result.data;
}

export async function query<T>(request: APIRequestContext, procedure: string, input?: unknown): Promise<T> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await request.get(`/api/trpc/${procedure}${search}`);
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!response.ok() || body.result === undefined) {
    throw new Error(`${procedure} failed (${response.status()}): ${body.error?.message ?? 'no message'}`);
  }
  return body.result.data;
}

export async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  await mutate(request, 'auth.signIn', E2E_ADMIN);
}

/** Sets the site's timezone as the admin; returns the one it replaced. */
export async function setSiteTimezone(request: APIRequestContext, timezone: string): Promise<string> {
  await signInAsAdmin(request);
  const { system } = await query<{ system: { timezone: string } & Record<string, unknown> }>(request, 'settings.get');
  await mutate(request, 'settings.updateSystem', { ...system, timezone });
  return system.timezone;
}

const HOUR = 3_600_000;

export interface BookableSlot {
  eventId: string;
  eventTitle: string;
  sessionId: string;
  sessionTitle: string;
  slotId: string;
}

/**
 * Tomorrow (UTC) at 10:00 UTC: between 14 and 34 hours ahead, and a two-hour slot from then never
 * runs past midnight, so the slot line reads the same whatever the time of day the tests run at.
 */
export function tomorrowAtTenUtc(now = Date.now()): number {
  const today = new Date(now);
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 10);
}

/** Creates an active event with one session (of `capacity`) and one slot starting tomorrow at 10:00 UTC. */
export async function createBookableSlot(
  request: APIRequestContext,
  options: { title: string; capacity: number | null; price?: { amountMinor: number; currency: string; taxRatePercent: number } },
): Promise<BookableSlot> {
  await signInAsAdmin(request);
  const event = await mutate<{ id: string; title: string }>(request, 'events.create', {
    title: options.title,
    description: 'An end-to-end test event.',
    date: '1 MARCH, 2031',
    location: 'Accra',
    imageUrl: '/seed/events/west-africa-summit.svg',
    benefits: [],
    isActive: true,
    displayOrder: 1,
  });
  const start = tomorrowAtTenUtc();
  const session = await mutate<{ id: string; title: string; timeSlots: { id: string }[] }>(request, 'sessions.create', {
    eventId: event.id,
    title: `${options.title} Workshop`,
    location: 'Room A',
    maxParticipants: options.capacity,
    price: options.price ?? null,
    isActive: true,
    timeSlots: [{ startTime: new Date(start).toISOString(), endTime: new Date(start + 2 * HOUR).toISOString() }],
    delegates: [],
  });
  const slot = session.timeSlots[0];
  if (slot === undefined) throw new Error('sessions.create returned no time slot');
  return { eventId: event.id, eventTitle: event.title, sessionId: session.id, sessionTitle: session.title, slotId: slot.id };
}

/** Reads the server's SQLite file directly, read-only, for assertions. */
export function readDatabase<T>(read: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(E2E_DATA_DIR, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export interface Credentials {
  email: string;
  password: string;
}

let accountCounter = 0;

/** A new account of `role`, created by the bootstrapped admin through the API. */
export async function createAccountViaApi(request: APIRequestContext, role: 'admin' | 'user'): Promise<Credentials> {
  await signInAsAdmin(request);
  accountCounter += 1;
  const credentials = { email: `${role}-${Date.now()}-${accountCounter}@e2e.example.com`, password: 'e2e-password-123' };
  await mutate(request, 'users.create', { name: `E2E ${role} ${accountCounter}`, role, ...credentials });
  return credentials;
}

/**
 * Signs the page's browser context in through the API (its cookie lands in the page's cookie jar) and
 * goes nowhere: for tests about what comes after signing in. The sign-in screen itself is tested by
 * the tests that use signInThroughUi; this saves each other test the screen and the dashboard.
 */
export async function signInThroughApi(page: Page, credentials: Credentials = E2E_ADMIN): Promise<void> {
  await mutate(page.request, 'auth.signIn', credentials);
}

/** Signs in through the real sign-in screen and waits for the dashboard. */
export async function signInThroughUi(page: Page, credentials: Credentials = E2E_ADMIN): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
}

/**
 * Sets a back-office date-and-time picker as a person does: opens it, climbs from the month to the
 * decade with the calendar's heading when the day is not in view, picks the year, the month and the
 * day, types the hours and minutes, and sets the value with the check button. `wallClock`: the
 * site's wall clock, 'YYYY-MM-DD HH:mm'.
 */
export async function pickDateTime(page: Page, field: Locator, wallClock: string): Promise<void> {
  const { year, monthName, dayName, hours, minutes } = wallClockParts(wallClock);
  await field.click();
  const levelControl = page.getByRole('button', { name: 'Choose a month' });
  await levelControl.waitFor();
  const dayButton = page.getByRole('button', { name: dayName, exact: true });
  if (!(await dayButton.isVisible())) {
    await levelControl.click();
    await page.getByRole('button', { name: 'Choose a year' }).click();
    const yearButton = page.getByRole('button', { name: year, exact: true });
    for (let step = 0; step < 10 && !(await yearButton.isVisible()); step++) {
      const shown = (await page.getByRole('button', { name: /^\d{4}$/ }).allTextContents()).map(Number);
      await page.getByRole('button', { name: Number(year) < Math.min(...shown) ? 'Previous decade' : 'Next decade' }).click();
    }
    await yearButton.click();
    await page.getByRole('button', { name: monthName.slice(0, 3), exact: true }).click();
  }
  await dayButton.click();
  await page.getByRole('spinbutton', { name: 'Hours' }).fill(hours);
  await page.getByRole('spinbutton', { name: 'Minutes' }).fill(minutes);
  await page.getByRole('button', { name: 'Set date and time' }).click();
  await levelControl.waitFor({ state: 'hidden' });
}
