// Stored JSON read with its schema, never cast: a damaged field of a settings group (system, e-mail,
// identity, privacy) reads as its default while the good ones keep their values, and the log says
// which group and which field, once per stored value however often it is read; a group saved by an
// older version reads its new fields as defaults without a word. The home page's content stands in
// for what can be stood in for and refuses the rest; the last backup's outcome, an event's benefits
// and translations and a question's choices read as none or untranslated, with a warning each.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBackupStatus, getEmailSettings, getSystemAndIdentity, getSystemSettings, DEFAULT_EMAIL_SETTINGS, DEFAULT_SYSTEM_SETTINGS } from '@server/settings/settings.repository';
import { getPrivacySettings, DEFAULT_PRIVACY_SETTINGS } from '@server/privacy/privacy-settings.repository';
import { findHomeContent } from '@server/home-page/home-page.repository';
import { parseHomeContent } from '@server/home-page/home-page.service';
import { findEvent } from '@server/events/events.repository';
import { listEventQuestions } from '@server/registration-questions/registration-questions.repository';
import { EMPTY_IDENTITY } from '@server/settings/site-identity.schemas';
import { insertEventRow } from '@tests/support/fixtures';
import { createTestEnv, roleCallers, type TestEnv } from '@tests/support/helpers';
import { DamagedStoredValueError } from './stored-json';

let env: TestEnv;

beforeEach(async () => {
  env = await createTestEnv();
});
afterEach(() => env.close());

/** Writes a settings row as a hand edit or a half-finished write would leave it. */
async function storeSetting(key: string, value: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await env.db
    .insertInto('settings')
    .values({ key, value, updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt }))
    .execute();
}

/** The warning lines logged while `read` runs. */
async function warningsOf(read: () => Promise<unknown>): Promise<string[]> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  await read();
  const lines = warn.mock.calls.map((call) => String(call[0]));
  warn.mockRestore();
  return lines;
}

// Each test stores a value of its own (a distinct site name, e-mail...): the log speaks once per
// distinct stored value for the life of the process, and test files share their worker.
describe('settings groups with a damaged field', () => {
  it('reads the System group’s bad fields as their defaults, keeps the good ones, and says which, once', async () => {
    await storeSetting('system', JSON.stringify({ ...DEFAULT_SYSTEM_SETTINGS, siteName: 'Kestrel & Finch (system)', timezone: 'Mars/Olympus', reminderHours: 'soon' }));
    let settings = DEFAULT_SYSTEM_SETTINGS;
    const warnings = await warningsOf(async () => {
      settings = await getSystemSettings(env.db);
    });
    expect(settings).toEqual({ ...DEFAULT_SYSTEM_SETTINGS, siteName: 'Kestrel & Finch (system)' });
    expect(warnings).toEqual([
      'Stored settings group "system": field "timezone" is refused: Please choose a timezone; using the default until it is saved again.',
      'Stored settings group "system": field "reminderHours" is refused: Reminder before a booked slot must be between 0 and 168 hours; using the default until it is saved again.',
    ]);
    // Read again (every public submission reads it): the same damage is not logged again.
    expect(await warningsOf(() => getSystemSettings(env.db))).toEqual([]);
    expect(await warningsOf(() => getSystemAndIdentity(env.db))).toEqual([]);
  });

  it('reads a group that is not JSON as its defaults and says so', async () => {
    await storeSetting('system', '{"siteName": "Kestrel & Finch (cut short)", "timezone": ');
    let settings = DEFAULT_SYSTEM_SETTINGS;
    const warnings = await warningsOf(async () => {
      settings = await getSystemSettings(env.db);
    });
    expect(settings).toEqual(DEFAULT_SYSTEM_SETTINGS);
    expect(warnings).toEqual([expect.stringMatching(/^Stored settings group "system": is not JSON \(.+\); using the default until it is saved again\.$/)]);
  });

  it('reads the fields an older version did not save as their defaults, without a warning', async () => {
    const { backupSchedule: _schedule, backupTime: _time, backupKeep: _keep, ...older } = DEFAULT_SYSTEM_SETTINGS;
    await storeSetting('system', JSON.stringify({ ...older, siteName: 'Kestrel & Finch (older)', maintenanceMode: true }));
    let settings = DEFAULT_SYSTEM_SETTINGS;
    expect(
      await warningsOf(async () => {
        settings = await getSystemSettings(env.db);
      }),
    ).toEqual([]);
    expect(settings).toEqual({ ...DEFAULT_SYSTEM_SETTINGS, siteName: 'Kestrel & Finch (older)', maintenanceMode: true });
  });

  it('reads a bad SMTP port as the default port, keeping the server and the sender', async () => {
    await storeSetting('email', JSON.stringify({ ...DEFAULT_EMAIL_SETTINGS, smtpHost: 'smtp.example.com', smtpPort: 'twenty-five', fromEmail: 'site@example.com' }));
    let email = DEFAULT_EMAIL_SETTINGS;
    const warnings = await warningsOf(async () => {
      email = await getEmailSettings(env.db);
    });
    expect(email).toEqual({ ...DEFAULT_EMAIL_SETTINGS, smtpHost: 'smtp.example.com', fromEmail: 'site@example.com' });
    expect(warnings).toEqual([expect.stringMatching(/^Stored settings group "email": field "smtpPort" is refused: Invalid input: expected number, received string; using the default/)]);
  });

  it('reads a bad social link of the identity as none, keeping the other links and details', async () => {
    const identity = {
      ...EMPTY_IDENTITY,
      tagline: 'Growth across borders',
      contactEmail: 'hello@kestrel-identity.example',
      social: { ...EMPTY_IDENTITY.social, linkedin: 'http://evil.example/kestrel', x: 'https://x.com/kestrel' },
      mapLatitude: 'north',
    };
    await storeSetting('identity', JSON.stringify(identity));
    let read = EMPTY_IDENTITY;
    const warnings = await warningsOf(async () => {
      read = (await getSystemAndIdentity(env.db)).identity;
    });
    expect(read).toEqual({
      ...EMPTY_IDENTITY,
      tagline: 'Growth across borders',
      contactEmail: 'hello@kestrel-identity.example',
      social: { ...EMPTY_IDENTITY.social, x: 'https://x.com/kestrel' },
    });
    expect(warnings).toEqual([
      'Stored settings group "identity": field "mapLatitude" is refused: Latitude must be a number between -90 and 90; using the default until it is saved again.',
      'Stored settings group "identity": field "social.linkedin" is refused: Please enter an https:// LinkedIn link on linkedin.com; using the default until it is saved again.',
    ]);
  });

  it('reads a bad retention period as none, which deletes nothing, keeping the privacy text', async () => {
    await storeSetting('privacy', JSON.stringify({ ...DEFAULT_PRIVACY_SETTINGS, policyEn: 'Our own privacy text.', bookingRetentionMonths: -3, contactRetentionMonths: 24 }));
    let privacy = DEFAULT_PRIVACY_SETTINGS;
    const warnings = await warningsOf(async () => {
      privacy = await getPrivacySettings(env.db);
    });
    expect(privacy).toEqual({ ...DEFAULT_PRIVACY_SETTINGS, policyEn: 'Our own privacy text.', bookingRetentionMonths: null, contactRetentionMonths: 24 });
    expect(warnings).toEqual([
      'Stored settings group "privacy": field "bookingRetentionMonths" is refused: Anonymise bookings after must be between 1 and 120 months; using the default until it is saved again.',
    ]);
  });

  it('reads a damaged outcome of the last backup as none', async () => {
    await storeSetting('backup-status', JSON.stringify({ at: '2030-01-01T03:00:00.000Z', ok: 'yes', folder: null, bytes: 10, message: 'Backup written' }));
    let status: Awaited<ReturnType<typeof getBackupStatus>> = null;
    const warnings = await warningsOf(async () => {
      status = await getBackupStatus(env.db);
    });
    expect(status).toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/^Stored settings group "backup-status": is refused at ok: Invalid input: expected boolean, received string; /)]);
  });
});

describe('the home page’s content with a damaged part', () => {
  it('reads damaged testimonials as none, and refuses damaged hero slides, which nothing can stand in for', async () => {
    const row = await findHomeContent(env.db);
    if (row === undefined) throw new Error('the migrations write the home content');
    const content: Record<string, unknown> = JSON.parse(row.content);

    let read = parseHomeContent(row.content);
    const testimonials = JSON.stringify({ ...content, testimonials: [{ name: 'Kofi (damaged)' }] });
    const warnings = await warningsOf(async () => {
      read = parseHomeContent(testimonials);
    });
    expect(read.testimonials).toEqual([]);
    expect(read.heroSlides).toEqual(parseHomeContent(row.content).heroSlides);
    expect(warnings).toEqual([
      'Stored home page content: field "testimonials" is refused at 0.role: Role is required; using the default until it is saved again.',
    ]);

    const hero = JSON.stringify({ ...content, heroSlides: 'three slides' });
    const refused = await warningsOf(async () => {
      expect(() => parseHomeContent(hero)).toThrow(DamagedStoredValueError);
      expect(() => parseHomeContent(hero)).toThrow('Stored home page content is damaged: "heroSlides" is refused: Hero slides are required.');
    });
    expect(refused).toEqual([
      'Stored home page content: field "heroSlides" is refused: Hero slides are required; it has no default, so it cannot be read until it is saved again.',
    ]);
  });
});

describe('firm texts with damaged JSON', () => {
  it("reads an event's damaged benefits as none and a damaged French title as untranslated", async () => {
    const event = await insertEventRow(env.db, { title: 'Accra Exchange' });
    await env.db
      .updateTable('events')
      .set({ benefits: '["Meet buyers", ', translations: JSON.stringify({ fr: { title: 5, description: 'Rencontres à Accra' } }) })
      .where('id', '=', event.id)
      .execute();
    let found: Awaited<ReturnType<typeof findEvent>>;
    const warnings = await warningsOf(async () => {
      found = await findEvent(env.db, event.id);
    });
    expect(found).toMatchObject({ benefits: [], translations: { fr: { title: null, description: 'Rencontres à Accra' } } });
    expect(warnings).toEqual([
      expect.stringMatching(new RegExp(`^Stored benefits of event ${event.id}: is not JSON \\(.+\\); using the default until it is saved again\\.$`)),
      `Stored translations of event ${event.id}: field "fr.title" is refused: Invalid input: expected string, received number; using the default until it is saved again.`,
    ]);
  });

  it("reads a question's damaged choices as none", async () => {
    const event = await insertEventRow(env.db, { title: 'Lagos Summit' });
    const callers = await roleCallers(env);
    const [question] = await callers.admin.registrationQuestions.save({
      eventId: event.id,
      questions: [{ kind: 'one_choice', label: 'Sector', choices: ['Agriculture', 'Energy'] }],
    });
    await env.db.updateTable('registrationQuestions').set({ choices: '{"Agriculture": true}' }).where('id', '=', question?.id ?? '').execute();
    let questions: Awaited<ReturnType<typeof listEventQuestions>> = [];
    const warnings = await warningsOf(async () => {
      questions = await listEventQuestions(env.db, event.id);
    });
    expect(questions.map((asked) => asked.choices)).toEqual([[]]);
    expect(warnings).toEqual([
      `Stored choices of question ${question?.id ?? ''}: is refused: Invalid input: expected array, received object; using the default until it is saved again.`,
    ]);
  });
});
