// Registration questions of events and the answers stored with bookings.
import { z } from 'zod';
import type { DB } from '@db/database';
import type { BookingAnswerRow, RegistrationQuestionRow } from '@db/schema';
import { newId } from '@server/core/ids';
import type { AskedQuestion, CheckedAnswer, QuestionTexts } from './registration-questions.schemas';
import type { Translations } from '@server/shared/i18n/translations.schemas';
import { readStoredTranslations, readStoredValue } from '@server/core/stored-json';

const questionTexts = { label: z.string().nullable(), helpText: z.string().nullable(), choices: z.array(z.string().nullable()) };
const UNTRANSLATED: QuestionTexts = { label: null, helpText: null, choices: [] };

/**
 * What a question row is to the form and the check. Damaged stored choices read as none (the check
 * then takes no answer to the question) and a damaged translation as not translated, each with a
 * warning in the log.
 */
function toAskedQuestion(row: RegistrationQuestionRow): AskedQuestion {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    helpText: row.helpText,
    required: row.required === 1,
    choices: readStoredValue(`choices of question ${row.id}`, row.choices, z.array(z.string()), []),
    translations: readStoredTranslations(`translations of question ${row.id}`, row.translations, questionTexts, UNTRANSLATED),
  };
}

/** An event's questions in the order they are asked. */
export async function listEventQuestions(db: DB, eventId: string): Promise<AskedQuestion[]> {
  const rows = await db
    .selectFrom('registrationQuestions')
    .selectAll()
    .where('eventId', '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toAskedQuestion);
}

/** The questions of several events (or of every event when `eventIds` is undefined), by event then position. */
export async function listQuestionsOfEvents(
  db: DB,
  eventIds: readonly string[] | undefined,
): Promise<(AskedQuestion & { eventId: string; eventTitle: string })[]> {
  if (eventIds !== undefined && eventIds.length === 0) return [];
  let query = db
    .selectFrom('registrationQuestions')
    .innerJoin('events', 'events.id', 'registrationQuestions.eventId')
    .selectAll('registrationQuestions')
    .select('events.title as eventTitle');
  if (eventIds !== undefined) query = query.where('registrationQuestions.eventId', 'in', [...eventIds]);
  const rows = await query
    .orderBy('events.displayOrder')
    .orderBy('events.createdAt')
    .orderBy('registrationQuestions.eventId')
    .orderBy('registrationQuestions.position')
    .execute();
  return rows.map((row) => ({ ...toAskedQuestion(row), eventId: row.eventId, eventTitle: row.eventTitle }));
}

export interface QuestionValues {
  id?: string | undefined;
  kind: RegistrationQuestionRow['kind'];
  label: string;
  helpText: string | null;
  required: boolean;
  choices: string[];
  /** Absent: none (the English texts show in every language). */
  translations?: Translations<QuestionTexts> | undefined;
}

/** Only the translated choices that have an English one to stand beside. */
function storedQuestionTranslations(question: QuestionValues): string {
  const kept: Translations<QuestionTexts> = {};
  for (const [code, texts] of Object.entries(question.translations ?? {}) as [keyof Translations<QuestionTexts>, QuestionTexts][]) {
    kept[code] = { ...texts, choices: texts.choices.slice(0, question.choices.length) };
  }
  return JSON.stringify(kept);
}

/**
 * Makes `questions` the event's list, in that order: questions with an id are changed in place
 * (their answers stay linked), new ones inserted, the rest deleted (their answers keep their copy).
 * Answers `undefined` when an id is not one of the event's questions.
 */
export async function replaceEventQuestions(
  db: DB,
  eventId: string,
  questions: readonly QuestionValues[],
): Promise<{ added: number; changed: number; removed: number } | undefined> {
  const existing = await db.selectFrom('registrationQuestions').select('id').where('eventId', '=', eventId).execute();
  const existingIds = new Set(existing.map((row) => row.id));
  if (questions.some((question) => question.id !== undefined && !existingIds.has(question.id))) return undefined;
  const kept = new Set(questions.flatMap((question) => (question.id === undefined ? [] : [question.id])));
  const removedIds = [...existingIds].filter((id) => !kept.has(id));
  if (removedIds.length > 0) await db.deleteFrom('registrationQuestions').where('id', 'in', removedIds).execute();
  const now = new Date().toISOString();
  let added = 0;
  for (const [position, question] of questions.entries()) {
    const values = {
      position,
      kind: question.kind,
      label: question.label,
      helpText: question.helpText,
      required: question.required ? 1 : 0,
      choices: JSON.stringify(question.choices),
      translations: storedQuestionTranslations(question),
    };
    if (question.id === undefined) {
      await db.insertInto('registrationQuestions').values({ id: newId(), eventId, ...values }).execute();
      added += 1;
    } else {
      await db.updateTable('registrationQuestions').set({ ...values, updatedAt: now }).where('id', '=', question.id).execute();
    }
  }
  return { added, changed: questions.length - added, removed: removedIds.length };
}

/** Stores a new booking's answers with a copy of each question as asked. */
export async function insertBookingAnswers(db: DB, bookingId: string, answers: readonly CheckedAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  await db
    .insertInto('bookingAnswers')
    .values(
      answers.map((answer, position) => ({
        id: newId(),
        bookingId,
        questionId: answer.question.id,
        position,
        label: answer.question.label,
        kind: answer.question.kind,
        value: answer.value,
      })),
    )
    .execute();
}

/** A booking's answer as staff read it. */
export type BookingAnswer = Pick<BookingAnswerRow, 'questionId' | 'label' | 'kind' | 'value'>;

/** The answers of `bookingIds`, by booking, each booking's in the order asked: one query for a page. */
export async function listBookingAnswers(db: DB, bookingIds: readonly string[]): Promise<Map<string, BookingAnswer[]>> {
  const byBooking = new Map<string, BookingAnswer[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .selectFrom('bookingAnswers')
    .select(['bookingId', 'questionId', 'label', 'kind', 'value'])
    .where('bookingId', 'in', [...bookingIds])
    .orderBy('bookingId')
    .orderBy('position')
    .execute();
  for (const { bookingId, ...answer } of rows) {
    const list = byBooking.get(bookingId) ?? [];
    list.push(answer);
    byBooking.set(bookingId, list);
  }
  return byBooking;
}
