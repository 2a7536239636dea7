// @module-tag postgres
// An event's dates come from its slots, never from typed text: events.list, events.byId,
// events.adminList and events.page give each event its schedule (first and last slot start of its
// active sessions, the upcoming ones when there are any), the server-rendered pages say those days
// in the site's zone and the page's language, and the typed date is only a label for an event with
// no slot yet.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@server/core/ids';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createTestEnv, roleCallers, type TestEnv } from '@tests/support/helpers';
import { buildPageApp } from '@tests/support/page-app';

let env: TestEnv;
let app: FastifyInstance | undefined;

beforeEach(async () => {
  env = await createTestEnv();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  await env.close();
});

async function insertSlotAt(sessionId: string, startTime: string) {
  const end = new Date(new Date(startTime).getTime() + 2 * 3_600_000).toISOString();
  await env.db.insertInto('timeSlots').values({ id: newId(), sessionId, startTime, endTime: end }).execute();
}

async function setLabel(eventId: string, date: string | null) {
  await env.db.updateTable('events').set({ date }).where('id', '=', eventId).execute();
}

/** A summit over three days in 2040 (ahead of the suite's clock, which may run up to five years on) (two sessions, one hidden session later), with a past slot and a typed label that disagrees. */
async function summit() {
  const event = await insertEventRow(env.db, { title: 'Accra Trade Summit' });
  await setLabel(event.id, '13 OCTOBER, 2025');
  const meetings = await insertSessionRow(env.db, event.id, { title: 'Buyer Meetings' });
  const breakfast = await insertSessionRow(env.db, event.id, { title: 'Investor Breakfast' });
  const hidden = await insertSessionRow(env.db, event.id, { title: 'Staff Rehearsal', isActive: false });
  await insertSlotAt(meetings.id, '2020-05-01T09:00:00.000Z'); // over: what is left of the event counts
  await insertSlotAt(meetings.id, '2040-03-13T09:00:00.000Z');
  await insertSlotAt(breakfast.id, '2040-03-15T07:30:00.000Z');
  await insertSlotAt(meetings.id, '2040-03-14T22:30:00.000Z'); // runs past midnight: its start's day counts
  await insertSlotAt(hidden.id, '2040-04-30T09:00:00.000Z'); // a hidden session's slot is not shown
  return event;
}

const SUMMIT_SCHEDULE = {
  firstStartsAt: '2040-03-13T09:00:00.000Z',
  lastStartsAt: '2040-03-15T07:30:00.000Z',
  // Written in the site's zone (UTC here) in each language.
  days: { en: 'March 13\u2009–\u200915, 2040', fr: '13–15 mars 2040' },
};

describe("an event's schedule", () => {
  it('is the first and last upcoming slot start of its active sessions, for every caller of every read', async () => {
    const event = await summit();
    const callers = await roleCallers(env);
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      expect((await caller.events.list({})).map((listed) => listed.schedule)).toEqual([SUMMIT_SCHEDULE]);
      expect((await caller.events.byId({ id: event.id })).schedule).toEqual(SUMMIT_SCHEDULE);
      expect((await caller.events.page({ id: event.id })).event.schedule).toEqual(SUMMIT_SCHEDULE);
    }
    for (const caller of [callers.user, callers.admin]) {
      expect((await caller.events.adminList({})).items.map((listed) => listed.schedule)).toEqual([SUMMIT_SCHEDULE]);
    }
  });

  it('is the days it ran once every slot is over, and null with no slot or only hidden ones', async () => {
    const past = await insertEventRow(env.db, { title: 'Workshop 2020' });
    const session = await insertSessionRow(env.db, past.id);
    await insertSlotAt(session.id, '2020-05-01T09:00:00.000Z');
    await insertSlotAt(session.id, '2020-05-02T09:00:00.000Z');
    const unscheduled = await insertEventRow(env.db, { title: 'Spring Forum' });
    await insertSessionRow(env.db, unscheduled.id);
    const hiddenOnly = await insertEventRow(env.db, { title: 'Rehearsal' });
    await insertSlotAt((await insertSessionRow(env.db, hiddenOnly.id, { isActive: false })).id, '2040-01-01T09:00:00.000Z');
    const { anonymous } = await roleCallers(env);
    const byTitle = Object.fromEntries((await anonymous.events.list({})).map((listed) => [listed.title, listed.schedule]));
    expect(byTitle).toEqual({
      'Workshop 2020': { firstStartsAt: '2020-05-01T09:00:00.000Z', lastStartsAt: '2020-05-02T09:00:00.000Z', days: { en: 'May 1\u2009–\u20092, 2020', fr: '1–2 mai 2020' } },
      'Spring Forum': null,
      Rehearsal: null,
    });
  });
});

async function html(url: string): Promise<string> {
  app ??= await buildPageApp(env);
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** What the page shows: its markup without the query data the script takes over (which holds the stored label). */
async function shown(url: string): Promise<string> {
  const page = await html(url);
  return page.slice(page.indexOf('<div id="root">'), page.indexOf('<script type="application/json"'));
}

describe('the dates the pages say', () => {
  it('are the days its slots run in the site zone, in English and in French, not the typed label', async () => {
    const event = await summit();
    // In Honolulu the summit's first slot (09:00 UTC on the 13th) starts on the 12th, and its last
    // (07:30 UTC on the 15th) on the 14th: the days are counted in the site's zone.
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'Pacific/Honolulu' });
    const english = await shown(`/events/${event.id}`);
    expect(english).toContain('March 12\u2009–\u200914, 2040');
    expect(english).not.toContain('13 OCTOBER, 2025');
    const french = await shown(`/fr/events/${event.id}`);
    expect(french).toContain('12–14 mars 2040');
    const home = await shown('/');
    expect(home).toContain('March 12\u2009–\u200914, 2040');
    expect(home).not.toContain('13 OCTOBER, 2025');
  });

  it("say the typed label before any slot is scheduled, else that the date is to be announced, and the head describes the event by its days", async () => {
    const labelled = await insertEventRow(env.db, { title: 'Spring Forum' });
    await setLabel(labelled.id, 'Spring 2032');
    const bare = await insertEventRow(env.db, { title: 'Bare Forum' });
    await setLabel(bare.id, null);
    expect(await shown(`/events/${labelled.id}`)).toContain('Spring 2032');
    expect(await shown(`/events/${bare.id}`)).toContain('Date to be announced');
    expect(await shown(`/fr/events/${bare.id}`)).toContain('Date à confirmer');

    const event = await summit();
    await env.db.updateTable('events').set({ description: null, location: 'Accra, Ghana' }).where('id', '=', event.id).execute();
    await app?.close();
    app = undefined;
    expect(await html(`/events/${event.id}`)).toContain('<meta name="description" content="March 13\u2009–\u200915, 2040, Accra, Ghana" />');
  });
});
