// Registration questions: the admins' editor (role matrix, audit, field messages), answers checked
// on the server with a message under each question, stored with a copy of the question, shown to
// staff, in the admins' new-booking e-mail, searchable in Bookings and one CSV column each.
// @module-tag postgres
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { EXPORT_ROUTES } from '@server/exports/exports.route';
import type { SaveRegistrationQuestionsInput } from './registration-questions.schemas';
import { insertBookableSlot, insertEventRow } from '@tests/support/fixtures';
import { buildTestApp, createTestEnv, expectAdminOnly, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

const QUESTIONS = [
  { kind: 'short_text', label: 'Company', required: true, helpText: 'As on your business card' },
  { kind: 'one_choice', label: 'Sector', required: true, choices: ['Agriculture', 'Finance', 'Energy'] },
  { kind: 'many_choices', label: 'Interests', choices: ['Export', 'Import', 'Investment'] },
  { kind: 'yes_no', label: 'First time?' },
  { kind: 'country', label: 'Country', required: true },
  { kind: 'long_text', label: 'Anything else' },
] as const satisfies SaveRegistrationQuestionsInput['questions'];

async function eventWithQuestions() {
  const fixture = await insertBookableSlot(env.db, 10);
  const questions = await callers.admin.registrationQuestions.save({ eventId: fixture.event.id, questions: QUESTIONS });
  const id = (label: string) => questions.find((question) => question.label === label)?.id ?? '';
  return { ...fixture, questions, id };
}

let counter = 0;
function participant() {
  counter += 1;
  return { participantName: `Kwame Boateng ${counter}`, participantEmail: `kwame${counter}@example.com` };
}

describe('registrationQuestions: role matrix', () => {
  it('lets only admins save, staff read answers, anyone read an active event\'s questions', async () => {
    const { event, slot } = await insertBookableSlot(env.db);
    const hidden = await insertEventRow(env.db, { isActive: false });
    await expectAdminOnly(callers, (c) => c.registrationQuestions.save({ eventId: event.id, questions: QUESTIONS }));
    expect(await callers.anonymous.registrationQuestions.forEvent({ eventId: event.id })).toEqual([]);

    await callers.admin.registrationQuestions.save({ eventId: event.id, questions: QUESTIONS });
    for (const caller of [callers.anonymous, callers.user, callers.admin]) {
      expect((await caller.registrationQuestions.forEvent({ eventId: event.id })).map((q) => q.label)).toEqual(QUESTIONS.map((q) => q.label));
    }
    await expectTRPCError(callers.anonymous.registrationQuestions.forEvent({ eventId: hidden.id }), 'NOT_FOUND', 'Event not found.');
    await expect(callers.user.registrationQuestions.forEvent({ eventId: hidden.id })).resolves.toEqual([]);

    const booking = await callers.admin.bookings.adminCreate({ timeSlotId: slot.id, status: 'pending', ...participant() });
    await expectTRPCError(callers.anonymous.registrationQuestions.answersOf({ id: booking.id }), 'UNAUTHORIZED');
    await expect(callers.user.registrationQuestions.answersOf({ id: booking.id })).resolves.toEqual([]);
    await expectTRPCError(callers.admin.registrationQuestions.answersOf({ id: 'nope' }), 'NOT_FOUND', 'Booking not found.');
  });

  it('audits a save as one row on the event', async () => {
    const { event, questions } = await eventWithQuestions();
    await callers.admin.registrationQuestions.save({ eventId: event.id, questions: [{ ...QUESTIONS[0], id: questions[0]?.id }, QUESTIONS[3]] });
    const rows = await env.db.selectFrom('auditLog').select(['action', 'entity', 'entityId', 'summary', 'userId']).where('entity', '=', 'event').orderBy('createdAt').execute();
    expect(rows).toEqual([
      { action: 'update', entity: 'event', entityId: event.id, summary: 'registration questions: 6 (6 added, 0 kept or changed, 0 removed)', userId: callers.adminAccount.user.id },
      { action: 'update', entity: 'event', entityId: event.id, summary: 'registration questions: 2 (1 added, 1 kept or changed, 5 removed)', userId: callers.adminAccount.user.id },
    ]);
  });

  it('refuses bad questions with field messages, and ids of another event', async () => {
    const { event } = await insertBookableSlot(env.db);
    const other = await eventWithQuestions();
    await expectFieldErrors(
      callers.admin.registrationQuestions.save({
        eventId: event.id,
        questions: [
          { kind: 'short_text', label: '  ' },
          { kind: 'one_choice', label: 'Sector', choices: ['Only one'] },
          { kind: 'many_choices', label: 'Twice', choices: ['A', 'A'] },
        ],
      }),
      { 'questions.0.label': 'Question is required', 'questions.1.choices': 'Give at least two choices', 'questions.2.choices': 'Each choice must be different' },
    );
    await expectTRPCError(
      callers.admin.registrationQuestions.save({ eventId: event.id, questions: [{ ...QUESTIONS[0], id: other.questions[0]?.id }] }),
      'NOT_FOUND',
      'Question not found.',
    );
    await expectTRPCError(callers.admin.registrationQuestions.save({ eventId: 'missing', questions: [] }), 'NOT_FOUND', 'Event not found.');
  });
});

describe('answers on the public booking form', () => {
  it('refuses a missing required answer, an unknown choice, text over its limit and an unknown country under each question', async () => {
    const { slot, id } = await eventWithQuestions();
    await expectFieldErrors(
      callers.anonymous.bookings.create({
        timeSlotId: slot.id,
        ...participant(),
        answers: { [id('Sector')]: 'Mining', [id('Interests')]: ['Export', 'Tourism'], [id('First time?')]: 'maybe', [id('Country')]: 'XX', [id('Anything else')]: 'x'.repeat(2001) },
      }),
      {
        [`answers.${id('Company')}`]: 'Please answer this question',
        [`answers.${id('Sector')}`]: 'Please choose one of the options',
        [`answers.${id('Interests')}`]: 'Please choose one of the options',
        [`answers.${id('First time?')}`]: 'Please answer yes or no',
        [`answers.${id('Country')}`]: 'Please choose a country from the list',
        [`answers.${id('Anything else')}`]: 'Please use at most 2000 characters',
      },
    );
    await expectFieldErrors(
      callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant(), answers: { [id('Company')]: 'y'.repeat(201), [id('Sector')]: 'Energy', [id('Country')]: 'GH' } }),
      { [`answers.${id('Company')}`]: 'Please use at most 200 characters' },
    );
    expect(await env.db.selectFrom('bookings').select('id').execute()).toEqual([]);
    expect(await env.db.selectFrom('bookingAnswers').select('id').execute()).toEqual([]);
  });

  it('stores answers with the question as asked, and keeps them when the question changes or goes', async () => {
    const { event, slot, id, questions } = await eventWithQuestions();
    const booked = await callers.anonymous.bookings.create({
      timeSlotId: slot.id,
      ...participant(),
      answers: {
        [id('Company')]: '  Volta   Cocoa Ltd ',
        [id('Sector')]: 'Agriculture',
        [id('Interests')]: ['Investment', 'Export'],
        [id('First time?')]: 'yes',
        [id('Country')]: 'gh',
      },
    });
    const expected = [
      { questionId: id('Company'), label: 'Company', kind: 'short_text', value: 'Volta Cocoa Ltd' },
      { questionId: id('Sector'), label: 'Sector', kind: 'one_choice', value: 'Agriculture' },
      { questionId: id('Interests'), label: 'Interests', kind: 'many_choices', value: 'Export, Investment' },
      { questionId: id('First time?'), label: 'First time?', kind: 'yes_no', value: 'Yes' },
      { questionId: id('Country'), label: 'Country', kind: 'country', value: 'Ghana' },
    ];
    expect(await callers.user.registrationQuestions.answersOf({ id: booked.id })).toEqual(expected);

    // The company question is renamed, the sector question deleted: the answers stay as given.
    const kept = questions.filter((question) => question.label !== 'Sector').map((question) => ({ ...question, label: question.label === 'Company' ? 'Firm' : question.label }));
    await callers.admin.registrationQuestions.save({ eventId: event.id, questions: kept });
    expect(await callers.user.registrationQuestions.answersOf({ id: booked.id })).toEqual(
      expected.map((answer) => (answer.label === 'Sector' ? { ...answer, questionId: null } : answer)),
    );
  });

  it('puts the answers in the admins\' new-booking e-mail', async () => {
    const { slot, id } = await eventWithQuestions();
    await callers.anonymous.bookings.create({
      timeSlotId: slot.id,
      ...participant(),
      answers: { [id('Company')]: 'Volta Cocoa Ltd', [id('Sector')]: 'Energy', [id('Country')]: 'GB' },
    });
    const notice = await env.db.selectFrom('emailOutbox').select(['textBody', 'htmlBody']).where('kind', '=', 'admin-new-booking').executeTakeFirstOrThrow();
    expect(notice.textBody).toContain('Company: Volta Cocoa Ltd');
    expect(notice.textBody).toContain('Sector: Energy');
    expect(notice.textBody).toContain('Country: United Kingdom');
    expect(notice.htmlBody).toContain('Volta Cocoa Ltd');
  });
});

describe('answers in Bookings', () => {
  it('finds a booking by an answer', async () => {
    const { slot, id } = await eventWithQuestions();
    const answers = (company: string) => ({ [id('Company')]: company, [id('Sector')]: 'Energy', [id('Country')]: 'NG' });
    const wanted = await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant(), answers: answers('Kente Weavers Cooperative') });
    await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant(), answers: answers('Volta Cocoa') });
    for (const search of ['Kente Weavers', 'weav', 'Ke']) {
      const page = await callers.user.bookings.list({ search });
      expect(page.items.map((item) => item.id), search).toContain(wanted.id);
      if (search !== 'Ke') expect(page.total, search).toBe(1);
    }
  });

  it('exports one CSV column per question', async () => {
    const { event, slot, id } = await eventWithQuestions();
    await callers.anonymous.bookings.create({ timeSlotId: slot.id, ...participant(), answers: { [id('Company')]: 'Volta, Cocoa', [id('Sector')]: 'Energy', [id('Country')]: 'GH', [id('Interests')]: ['Export', 'Import'] } });
    let app: FastifyInstance | undefined;
    try {
      app = await buildTestApp(env);
      const response = await app.inject({
        method: 'GET',
        url: `${EXPORT_ROUTES.bookings}?eventId=${event.id}`,
        headers: { cookie: `${SESSION_COOKIE}=${callers.userAccount.token}` },
      });
      expect(response.statusCode).toBe(200);
      const [header, row] = response.body.replace('\uFEFF', '').trimEnd().split('\r\n');
      expect(header?.endsWith(',Company,Sector,Interests,First time?,Country,Anything else')).toBe(true);
      expect(row?.endsWith(',"Volta, Cocoa",Energy,"Export, Import",,Ghana,')).toBe(true);
    } finally {
      await app?.close();
    }
  });
});
