// The seed against a temporary data folder: the command itself once, as a developer runs it
// (a Node process compiling TypeScript through tsx, 3-5 s on a busy 2-core machine); the other runs
// call the same code in this process on a copy of the migrated template database, which is what the
// command does after opening the folder.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '@db/database';
import { runSeed } from './seed/run-seed';
import { homeContentIn } from '@server/shared/home-content';
import { identityIn, siteDescriptionIn } from '@server/shared/site-identity';
import type { StoredIdentity } from '@server/settings/site-identity.schemas';
import type { HomeContent } from '@server/home-page/home-page.schemas';
import { DEFAULT_PRIVACY_TEXT } from '@server/privacy/privacy-settings.repository';
import { FRENCH_PRIVACY_TEXT } from './seed/french';

const run = promisify(execFile);
// Each test seeds its own data folder, so none depends on what another left.
let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
  fs.copyFileSync(inject('templateDatabase'), path.join(dataDir, 'app.db'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run seed -- ...args` as a developer runs it: what it printed. */
async function seedCommand(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' },
  });
}

/** The seed's own code on the data folder's database, with the command's arguments: what it said. */
async function seed(...args: string[]): Promise<{ stdout: string }> {
  const file = path.join(dataDir, 'app.db');
  const { db } = openDatabase(file);
  const lines: string[] = [];
  try {
    await runSeed(db, { reset: args.includes('--reset'), resetPasswords: args.includes('--reset-passwords'), where: file }, (line) => lines.push(line));
  } finally {
    await db.destroy();
  }
  return { stdout: lines.map((line) => `${line}\n`).join('') };
}

function counts() {
  const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      events: one('select count(*) n from events'),
      activeEvents: one('select count(*) n from events where is_active = 1'),
      eventsWithVideo: one('select count(*) n from events where video_url is not null'),
      sessions: one('select count(*) n from event_sessions'),
      slots: one('select count(*) n from time_slots'),
      futureSlots: one(`select count(*) n from time_slots where start_time > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`),
      delegates: one('select count(*) n from delegates'),
      bookings: one('select count(*) n from bookings'),
      contacts: one('select count(*) n from contact_forms'),
      bookingStatuses: one('select count(distinct status) n from bookings'),
      contactStatuses: one('select count(distinct status) n from contact_forms'),
      admins: one("select count(*) n from users where role = 'admin'"),
      users: one("select count(*) n from users where role = 'user'"),
      overbookedSlots: one(`select count(*) n from (
        select b.time_slot_id from bookings b join event_sessions s on s.id = b.session_id
        where b.status in ('pending', 'confirmed') and s.max_participants is not null
        group by b.time_slot_id, s.max_participants having count(*) > s.max_participants)`),
    };
  } finally {
    db.close();
  }
}

/** Each event's date label, and whether it has slots. */
function eventDateLabels() {
  const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    return db
      .prepare(
        `select e.title, e.date, exists (select 1 from event_sessions s join time_slots t on t.session_id = s.id where s.event_id = e.id) as hasSlots
         from events e order by e.title`,
      )
      .all() as { title: string; date: string | null; hasSlots: number }[];
  } finally {
    db.close();
  }
}

function passwordHashes() {
  const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    return db.prepare("select email, password_hash from users where email like 'demo.%' order by email").all();
  } finally {
    db.close();
  }
}

describe('npm run seed', () => {
  // The command twice, each a fresh Node process: the server project's 20 s is too tight.
  it('fills every screen, prints the demo accounts, and does not duplicate on a second run', { timeout: 60_000 }, async () => {
    const first = await seedCommand();
    expect(first.stdout).toMatch(/admin {2}demo\.admin@example\.com {2}password: \S{8,}\n/);
    expect(first.stdout).toMatch(/user {3}demo\.user@example\.com {2}password: \S{8,}\n/);
    expect(first.stdout.match(/password: /g)).toHaveLength(2);
    const afterFirst = counts();
    // The demo data is fixed: four events (one inactive, one with a video), 41 bookings, 22 contacts.
    expect(afterFirst).toMatchObject({ events: 4, activeEvents: 3, eventsWithVideo: 1, bookings: 41, contacts: 22 });
    expect(afterFirst.futureSlots).toBe(afterFirst.slots);
    expect(afterFirst.bookingStatuses).toBe(4);
    expect(afterFirst.contactStatuses).toBe(4);
    expect(afterFirst.delegates).toBe(9);
    expect(afterFirst).toMatchObject({ admins: 1, users: 1, overbookedSlots: 0 });

    // An event with slots has no typed date (the site says the days its slots run); the past one
    // without sessions keeps a label, in the case a sentence uses.
    expect(eventDateLabels()).toEqual([
      { title: 'Cultural Intelligence Workshop 2025', date: 'November 2025', hasSlots: 0 },
      { title: 'Diaspora–Ghana Business Exchange', date: null, hasSlots: 1 },
      { title: 'North America Trade Mission Briefing', date: null, hasSlots: 1 },
      { title: 'West Africa Market Entry Summit', date: null, hasSlots: 1 },
    ]);

    const hashes = passwordHashes();
    const second = await seedCommand();
    expect(counts()).toEqual(afterFirst);
    // Existing accounts keep their passwords, and the output says so instead of printing one.
    expect(passwordHashes()).toEqual(hashes);
    expect(second.stdout).toContain('  admin  demo.admin@example.com  kept existing password\n');
    expect(second.stdout).toContain('  user   demo.user@example.com  kept existing password\n');
    expect(second.stdout).not.toContain('password: ');
  });

  it("writes the demo firm's identity and home page, and leaves an admin's own alone", async () => {
    const first = await seed();
    expect(first.stdout).toContain('Wrote the demo firm: the firm (Settings, Site), its home page and its privacy page in French.\n');
    const read = () => {
      const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        const value = (key: string) => JSON.parse((db.prepare('select value from settings where key = ?').get(key) as { value: string }).value) as Record<string, unknown>;
        const home = JSON.parse((db.prepare('select content from home_content').get() as { content: string }).content) as { founder: { name: string } };
        return { system: value('system'), identity: value('identity'), founder: home.founder.name };
      } finally {
        db.close();
      }
    };
    expect(read()).toMatchObject({
      system: { siteName: 'Global Reach Advisory' },
      identity: { contactEmail: 'hello@globalreachadvisory.com', contactPhone: '+1 (202) 555-0147', mapMode: 'embed' },
      founder: 'Abena Owusu',
    });
    // An admin's own edits stay on a second run.
    const db = new SQLite(path.join(dataDir, 'app.db'));
    db.prepare("update settings set value = json_set(value, '$.contactEmail', 'own@example.com') where key = 'identity'").run();
    db.close();
    const second = await seed();
    expect(second.stdout).not.toContain('Wrote the demo firm');
    expect(read().identity.contactEmail).toBe('own@example.com');
  });

  it('gives existing accounts new passwords only with --reset-passwords, and says so', async () => {
    await seed();
    const hashes = passwordHashes();
    const { stdout } = await seed('--reset-passwords');
    expect(stdout).toContain('--reset-passwords: existing demo accounts get new passwords.');
    expect(stdout).toMatch(/admin {2}demo\.admin@example\.com {2}password: \S{8,} {2}\(password reset by --reset-passwords\)\n/);
    expect(stdout).toMatch(/user {3}demo\.user@example\.com {2}password: \S{8,} {2}\(password reset by --reset-passwords\)\n/);
    const after = passwordHashes() as { password_hash: string }[];
    expect(after).toHaveLength(2);
    for (const [index, row] of after.entries()) expect(row.password_hash).not.toBe((hashes as { password_hash: string }[])[index]?.password_hash);
  });

  it('starts over with --reset', async () => {
    await seed();
    const db = new SQLite(path.join(dataDir, 'app.db'));
    db.prepare("insert into contact_forms (id, name, email, message) values ('extra', 'X', 'x@example.com', 'hello')").run();
    db.close();
    const before = counts();
    await seed('--reset');
    expect(counts().contacts).toBe(before.contacts - 1);
  });

  it('adds the two consultation types and weekday hours for the demo staff, once, and --reset starts them over', async () => {
    await seed();
    await seed();
    const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    try {
      const types = db.prepare('select title, duration_minutes, location_kind from consultation_types order by title').all();
      expect(types).toEqual([
        { title: 'Discovery call', duration_minutes: 30, location_kind: 'video' },
        { title: 'Market-entry workshop', duration_minutes: 90, location_kind: 'address' },
      ]);
      expect((db.prepare('select count(*) n from consultation_type_staff').get() as { n: number }).n).toBe(4);
      // Two staff, five weekdays, two ranges a day.
      expect((db.prepare('select count(*) n from availability_weekly').get() as { n: number }).n).toBe(20);
    } finally {
      db.close();
    }
    await seed('--reset');
  });

  it('counts 60 days of made-up visits once, each funnel narrowing step by step, and never beside real ones', async () => {
    const visitsBy = (sql: string) => {
      const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        return db.prepare(sql).all();
      } finally {
        db.close();
      }
    };
    const first = await seed();
    expect(first.stdout).toContain('Analytics: 60 days of made-up visits, so the Analytics screen has something to show.\n');
    const days = visitsBy('select count(distinct day) n, count(*) rows from analytics_daily');
    expect(days).toEqual([{ n: 60, rows: expect.any(Number) }]);
    const steps = visitsBy(
      "select step, sum(visitors) visitors from analytics_daily where event_id = 'seed-event-ghana-exchange' or step in ('type-chosen', 'time-chosen') group by step",
    ) as { step: string; visitors: number }[];
    const total = (step: string) => steps.find((row) => row.step === step)?.visitors ?? 0;
    const funnel = ['event-viewed', 'booking-started', 'slot-chosen', 'details-entered'].map(total);
    expect(funnel[0]).toBeGreaterThan(0);
    expect(funnel).toEqual([...funnel].sort((a, b) => b - a));
    expect(total('time-chosen')).toBeLessThan(total('type-chosen'));

    const second = await seed();
    expect(second.stdout).not.toContain('Analytics:');
    expect(visitsBy('select count(*) rows from analytics_daily')).toEqual([{ rows: (days[0] as { rows: number }).rows }]);
    await seed('--reset');
    expect(visitsBy('select count(distinct day) n from analytics_daily')).toEqual([{ n: 60 }]);
  });

  it('gives every event, session and consultation type a French title and description', async () => {
    await seed();
    const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    try {
      for (const table of ['events', 'event_sessions', 'consultation_types']) {
        const untranslated = db
          .prepare(
            `select title from ${table} where coalesce(json_extract(translations, '$.fr.title'), '') = ''
               or coalesce(json_extract(translations, '$.fr.description'), '') = ''`,
          )
          .all();
        expect(untranslated, table).toEqual([]);
      }
      const french = (sql: string) => (db.prepare(sql).get() as { fr: string }).fr;
      expect(french("select json_extract(translations, '$.fr.title') fr from events where id = 'seed-event-ghana-exchange'")).toBe(
        'Rencontre d’affaires Diaspora–Ghana',
      );
      expect(french("select json_extract(translations, '$.fr.title') fr from consultation_types where id = 'seed-consultation-discovery'")).toBe(
        'Appel découverte',
      );
    } finally {
      db.close();
    }
  });

  it("gives the firm's tagline, description, opening hours and reply promise French values, each differing from its English", async () => {
    await seed();
    const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    let identity: StoredIdentity;
    let system: { siteDescription: string | null };
    try {
      const group = (key: string) => JSON.parse((db.prepare('select value from settings where key = ?').get(key) as { value: string }).value) as unknown;
      identity = group('identity') as StoredIdentity;
      system = group('system') as { siteDescription: string | null };
    } finally {
      db.close();
    }
    const french = identityIn(identity, 'fr');
    for (const field of ['tagline', 'openingHours', 'replyPromise'] as const) {
      expect(identity[field], field).not.toBeNull();
      expect(french[field], field).not.toBe(identity[field]);
    }
    // The demo has no footer text in either language.
    expect(french.footerText).toBeNull();
    const description = siteDescriptionIn(system.siteDescription, identity, 'fr');
    expect(description).not.toBe(system.siteDescription);
    expect(french.replyPromise).toBe('Nous répondons à chaque message sous 24 heures.');
    // The English page keeps its texts.
    expect(identityIn(identity, 'en').replyPromise).toBe('We reply to every message within 24 hours.');
  });

  it('gives the shipped privacy text a French one, paragraph for paragraph, but never over a firm\'s own texts', async () => {
    await seed();
    const privacyOf = () => {
      const db = new SQLite(path.join(dataDir, 'app.db'));
      try {
        return JSON.parse((db.prepare("select value from settings where key = 'privacy'").get() as { value: string }).value) as { policyEn: string; policyFr: string | null };
      } finally {
        db.close();
      }
    };
    const stored = privacyOf();
    expect(stored.policyEn).toBe(DEFAULT_PRIVACY_TEXT);
    expect(stored.policyFr).toBe(FRENCH_PRIVACY_TEXT);
    expect(FRENCH_PRIVACY_TEXT.split('\n\n')).toHaveLength(DEFAULT_PRIVACY_TEXT.split('\n\n').length);
    // A firm that wrote its own English text and has no French one keeps both as they are.
    const db = new SQLite(path.join(dataDir, 'app.db'));
    try {
      db.prepare("update settings set value = json_set(value, '$.policyEn', 'Our own policy.', '$.policyFr', null) where key = 'privacy'").run();
    } finally {
      db.close();
    }
    await seed('--reset');
    expect(privacyOf()).toMatchObject({ policyEn: 'Our own policy.', policyFr: null });
  });

  it('gives the home page French texts: every slide, service, priority and testimonial, and the founder', async () => {
    await seed();
    const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    let stored: HomeContent;
    try {
      stored = JSON.parse((db.prepare('select content from home_content').get() as { content: string }).content) as HomeContent;
    } finally {
      db.close();
    }
    const french = homeContentIn(stored, 'fr');
    // Nothing the French page shows is still the English text.
    for (const section of ['heroSlides', 'services', 'priorities'] as const) {
      french[section].forEach((item, index) => {
        expect(item.title, `${section} ${index}`).not.toBe(stored[section][index]?.title);
        expect(item.text, `${section} ${index}`).not.toBe(stored[section][index]?.text);
      });
    }
    french.testimonials.forEach((testimonial, index) => expect(testimonial.text, `testimonial ${index}`).not.toBe(stored.testimonials[index]?.text));
    expect(french.founder.bio).toHaveLength(stored.founder.bio.length);
    french.founder.bio.forEach((paragraph, index) => expect(paragraph).not.toBe(stored.founder.bio[index]));
    expect(french.services[0]?.title).toBe('Conseil en entrée sur les marchés');
    expect(french.founder.role).toBe('Fondatrice et consultante principale');
    // The English page keeps its texts.
    expect(homeContentIn(stored, 'en').services[0]?.title).toBe('Market Entry Advisory');
  });
});
