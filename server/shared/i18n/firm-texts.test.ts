// The firm's own texts in French beside the English ones: sessions, consultation types and
// registration questions take optional French values (admins only, checked like the English ones),
// store blanks as missing, and give both to every reader; the pages and forms show the French one
// under /fr/ and fall back to English when it is missing. An answer stores the English choice.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultationTypeInput } from '@server/consultations/consultations.schemas';
import { questionIn, type SaveRegistrationQuestionsInput } from '@server/registration-questions/registration-questions.schemas';
import { insertBookableSlot, insertEventRow } from '@tests/support/fixtures';
import { buildPageApp } from '@tests/support/page-app';
import { saveHomeContent } from '@server/home-page/home-page.repository';
import { DEMO_HOME_CONTENT } from '@scripts/seed/firm';
import { callerFor, createTestEnv, expectAdminOnly, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

function inHours(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

function sessionInput(eventId: string, overrides: Record<string, unknown> = {}) {
  return {
    eventId,
    title: 'Buyer meetings',
    description: 'Meet the buyers one by one.',
    translations: { fr: { title: 'Rencontres acheteurs', description: 'Rencontrez les acheteurs un par un.' } },
    maxParticipants: 10,
    isActive: true,
    timeSlots: [{ startTime: inHours(48), endTime: inHours(50) }],
    ...overrides,
  };
}

const typeInput = (overrides: Partial<ConsultationTypeInput> = {}): ConsultationTypeInput => ({
  title: 'Discovery call',
  description: 'A first talk about your market.',
  translations: { fr: { title: 'Appel découverte', description: '  ' } },
  durationMinutes: 30,
  locationKind: 'phone',
  staffIds: [],
  ...overrides,
});

describe('sessions in French', () => {
  it('lets admins give a French title and description, keeps them on an update that leaves them out, and shows both to visitors', async () => {
    const event = await insertEventRow(env.db);
    await expectAdminOnly(callers, (caller) => caller.sessions.create(sessionInput(event.id)));
    const created = await callers.admin.sessions.create(sessionInput(event.id, { translations: { fr: { title: 'Rencontres acheteurs', description: ' ' } } }));
    expect(created.translations).toEqual({ fr: { title: 'Rencontres acheteurs', description: null } });

    const { timeSlots: _slots, ...kept } = sessionInput(event.id);
    const { translations: _translations, ...withoutTranslations } = kept;
    const updated = await callers.admin.sessions.update({ ...withoutTranslations, id: created.id, title: 'Buyer meetings (day 1)' });
    expect(updated.translations).toEqual({ fr: { title: 'Rencontres acheteurs', description: null } });
    const [listed] = await callers.anonymous.sessions.listByEvent({ eventId: event.id });
    expect(listed?.translations).toEqual({ fr: { title: 'Rencontres acheteurs', description: null } });
    const page = await callers.anonymous.events.page({ id: event.id });
    expect(page.sessions[0]?.translations.fr?.title).toBe('Rencontres acheteurs');

    const cleared = await callers.admin.sessions.update({ ...kept, id: created.id, translations: {} });
    expect(cleared.translations).toEqual({});
  });

  it('refuses a French title of two lines or a language the site does not speak', async () => {
    const event = await insertEventRow(env.db);
    await expectFieldErrors(callers.admin.sessions.create(sessionInput(event.id, { translations: { fr: { title: 'Rencontres\nacheteurs', description: null } } })), {
      'translations.fr.title': 'Must be one line of text, without control characters.',
    });
    await expectTRPCError(callers.admin.sessions.create(sessionInput(event.id, { translations: { de: { title: 'Treffen', description: null } } })), 'BAD_REQUEST');
    await expectFieldErrors(callers.admin.sessions.create(sessionInput(event.id, { translations: { fr: { title: 'x'.repeat(201), description: null } } })), {
      'translations.fr.title': 'Must be at most 200 characters',
    });
  });

  it('shows the French session title on the French event page, and the English one for a session without', async () => {
    const event = await insertEventRow(env.db);
    await callers.admin.sessions.create(sessionInput(event.id));
    await callers.admin.sessions.create(sessionInput(event.id, { title: 'Site visits', translations: {} }));
    const app: FastifyInstance = await buildPageApp(env);
    try {
      const french = (await app.inject({ method: 'GET', url: `/fr/events/${event.id}` })).body;
      expect(french).toContain('Rencontres acheteurs</h3>');
      expect(french).toContain('Rencontrez les acheteurs un par un.');
      expect(french).toContain('Site visits</h3>');
      expect(french).not.toContain('Buyer meetings</h3>');
      const english = (await app.inject({ method: 'GET', url: `/events/${event.id}` })).body;
      expect(english).toContain('Buyer meetings</h3>');
      expect(english).not.toContain('Rencontres acheteurs</h3>');
    } finally {
      await app.close();
    }
  });
});

describe('consultation types in French', () => {
  it('lets admins give a French title and description (blank is missing) and shows both to visitors', async () => {
    const staff = callers.userAccount.user.id;
    await expectAdminOnly(callers, (caller) => caller.consultations.types.create(typeInput({ staffIds: [staff] })));
    const created = await callers.admin.consultations.types.create(typeInput({ staffIds: [staff] }));
    expect(created.translations).toEqual({ fr: { title: 'Appel découverte', description: null } });
    const [listed] = await callers.anonymous.consultations.types.list();
    expect(listed?.translations).toEqual({ fr: { title: 'Appel découverte', description: null } });
    expect((await callers.user.consultations.types.all())[0]?.translations).toEqual({ fr: { title: 'Appel découverte', description: null } });

    await callers.admin.consultations.types.update({ ...typeInput({ staffIds: [staff], translations: {} }), id: created.id });
    expect((await callers.anonymous.consultations.types.list())[0]?.translations).toEqual({});
    await expectFieldErrors(callers.admin.consultations.types.create(typeInput({ translations: { fr: { title: 'Appel\u0007', description: null } } })), {
      'translations.fr.title': 'Must be one line of text, without control characters.',
    });
  });
});

const QUESTIONS = [
  {
    kind: 'one_choice',
    label: 'Sector',
    helpText: 'Your main one',
    required: true,
    choices: ['Agriculture', 'Finance', 'Energy'],
    translations: { fr: { label: 'Secteur', helpText: null, choices: ['Agriculture', 'Finance', '', 'Mines'] } },
  },
  { kind: 'short_text', label: 'Company', translations: { fr: { label: '  ', helpText: null } } },
] as const satisfies SaveRegistrationQuestionsInput['questions'];

describe('registration questions in French', () => {
  it('stores the French label, help text and choices at the English places, and gives both to the public form', async () => {
    const { event } = await insertBookableSlot(env.db);
    await expectAdminOnly(callers, (caller) => caller.registrationQuestions.save({ eventId: event.id, questions: QUESTIONS }));
    await callers.admin.registrationQuestions.save({ eventId: event.id, questions: QUESTIONS });
    const [sector, company] = await callers.anonymous.registrationQuestions.forEvent({ eventId: event.id });
    // A French choice with no English one beside it is dropped; a blank one is missing.
    expect(sector?.translations).toEqual({ fr: { label: 'Secteur', helpText: null, choices: ['Agriculture', 'Finance', null] } });
    expect(company?.translations).toEqual({ fr: { label: null, helpText: null, choices: [] } });
    if (sector === undefined || company === undefined) throw new Error('questions missing');

    expect(questionIn(sector, 'fr')).toEqual({
      label: 'Secteur',
      helpText: 'Your main one',
      choices: [
        { value: 'Agriculture', label: 'Agriculture' },
        { value: 'Finance', label: 'Finance' },
        { value: 'Energy', label: 'Energy' },
      ],
    });
    expect(questionIn(company, 'fr')).toEqual({ label: 'Company', helpText: null, choices: [] });
    expect(questionIn(sector, 'en').label).toBe('Sector');
  });

  it('keeps the stored answer language-neutral: the English choice, whatever the form’s language', async () => {
    const { event, slot } = await insertBookableSlot(env.db);
    const questions = [{ ...QUESTIONS[0], translations: { fr: { label: 'Secteur', helpText: null, choices: ['Agriculture', 'Finances', 'Énergie'] } } }];
    const [sector] = await callers.admin.registrationQuestions.save({ eventId: event.id, questions });
    const id = sector?.id ?? '';
    const participant = { timeSlotId: slot.id, participantName: 'Awa Diallo', participantEmail: 'awa@example.com' };
    await expectFieldErrors(callers.anonymous.bookings.create({ ...participant, answers: { [id]: 'Énergie' } }), {
      [`answers.${id}`]: 'Please choose one of the options',
    });
    const booking = await callers.anonymous.bookings.create({ ...participant, answers: { [id]: 'Energy' } });
    expect(await callers.admin.registrationQuestions.answersOf({ id: booking.id })).toMatchObject([{ label: 'Sector', value: 'Energy' }]);
  });

  it('refuses French choices of more than one line', async () => {
    const { event } = await insertBookableSlot(env.db);
    const questions = [{ ...QUESTIONS[0], translations: { fr: { label: null, helpText: null, choices: ['Agri\nculture'] } } }];
    await expectFieldErrors(callers.admin.registrationQuestions.save({ eventId: event.id, questions }), {
      'questions.0.translations.fr.choices.0': 'Must be one line of text, without control characters.',
    });
  });
});

describe('the home page in French', () => {
  it('shows the texts the firm translated under /fr/, the English ones where it did not, and English at /', async () => {
    // The demo's page with its priorities left in English only (the demo translates them).
    const priorities = DEMO_HOME_CONTENT.priorities.map(({ translations: _french, ...priority }) => priority);
    await saveHomeContent(env.db, JSON.stringify({ ...DEMO_HOME_CONTENT, priorities }), new Date().toISOString());
    const { updatedAt: _updatedAt, ...current } = await callerFor(env.deps, null).homePage.get();
    const [slide, ...slides] = current.heroSlides;
    const [service, ...services] = current.services;
    if (slide === undefined || service === undefined) throw new Error('no slide or service');
    const content = {
      ...current,
      heroSlides: [{ ...slide, translations: { fr: { title: 'Expansion internationale', text: 'Nous ouvrons de nouveaux marchés.' } } }, ...slides],
      services: [{ ...service, translations: { fr: { title: 'Conseil en entrée sur le marché', text: '' } } }, ...services],
      founder: { ...current.founder, translations: { fr: { role: 'Fondatrice', bio: ['Elle conseille les entreprises depuis dix ans.'] } } },
    };
    await expectAdminOnly(callers, (caller) => caller.homePage.update(content));
    const saved = await callers.admin.homePage.update(content);
    expect(saved.services[0]?.translations).toEqual({ fr: { title: 'Conseil en entrée sur le marché', text: null } });
    expect(saved.priorities[0]?.translations).toBeUndefined();
    await expectFieldErrors(
      callers.admin.homePage.update({ ...content, heroSlides: [{ ...slide, translations: { fr: { title: 'Deux\nlignes', text: null } } }] }),
      { 'heroSlides.0.translations.fr.title': 'Must be one line of text, without control characters.' },
    );

    const app: FastifyInstance = await buildPageApp(env);
    try {
      const french = (await app.inject({ method: 'GET', url: '/fr/' })).body;
      const markup = french.slice(0, french.indexOf('id="query-state"'));
      expect(markup).toContain('Expansion internationale');
      expect(markup).toContain('Nous ouvrons de nouveaux marchés.');
      expect(markup).toContain('Conseil en entrée sur le marché');
      // Its text was left blank: the English one shows.
      expect(markup).toContain(service.text);
      expect(markup).toContain('Fondatrice');
      expect(markup).toContain('Elle conseille les entreprises depuis dix ans.');
      expect(markup).not.toContain(slide.title);
      // Untranslated: the English.
      expect(markup).toContain(current.priorities[0]?.title ?? '');
      const english = (await app.inject({ method: 'GET', url: '/' })).body;
      const englishMarkup = english.slice(0, english.indexOf('id="query-state"'));
      expect(englishMarkup).toContain(slide.title);
      expect(englishMarkup).not.toContain('Expansion internationale');
    } finally {
      await app.close();
    }
  });
});

describe('the catalog a page carries', () => {
  it('holds the messages pages show, not the e-mails’, alerts’ or reports’', async () => {
    const app: FastifyInstance = await buildPageApp(env);
    try {
      const french = (await app.inject({ method: 'GET', url: '/fr/' })).body;
      const json = /<script type="application\/json" id="page-language">(.*?)<\/script>/s.exec(french)?.[1] ?? '{}';
      const keys = Object.keys((JSON.parse(json) as { messages: Record<string, unknown> }).messages);
      expect(keys).toContain('layout.skipLink');
      expect(keys).toContain('event.seats.left');
      expect(keys.filter((key) => /^(email|alert|report|status)\./.test(key))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
