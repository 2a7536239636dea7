// Registration questions: the admins' editor input, the public form's answers, and the one check of
// answers against an event's questions that both the server and the booking form run, so a visitor
// reads the same message under a question either way. Zod and plain functions only: the client
// imports this file too.
import { z } from 'zod';
import { QUESTION_KINDS, type QuestionKind } from '@db/schema';
import { idInput, optionalLine, requiredLine, tooLong } from '@server/shared/common.schemas';
import { keyed, type KeyedText } from '@server/shared/i18n/schema-messages';
import { type Translations, translationsInput } from '@server/shared/i18n/translations.schemas';
import { DEFAULT_LANGUAGE, firmText, type Language } from '@server/shared/i18n/languages';

export { QUESTION_KINDS, type QuestionKind };

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  one_choice: 'One choice',
  many_choices: 'Several choices',
  yes_no: 'Yes / no',
  country: 'Country',
};

/** The longest answer of each text kind. */
export const ANSWER_LIMITS = { short_text: 200, long_text: 2000 } as const;
export const MOST_QUESTIONS = 30;
export const MOST_CHOICES = 30;

export const QUESTION_MESSAGES = {
  label: keyed('api.questions.label', 'Question is required'),
  choices: keyed('api.questions.choices', 'Give at least two choices'),
  choiceBlank: keyed('api.questions.choiceBlank', 'A choice cannot be empty'),
  choiceTwice: keyed('api.questions.choiceTwice', 'Each choice must be different'),
  tooMany: keyed('message.tooManyQuestions', `An event can ask at most ${MOST_QUESTIONS} questions`, { max: MOST_QUESTIONS }),
  required: keyed('message.answerRequired', 'Please answer this question'),
  unknownChoice: keyed('message.answerUnknownChoice', 'Please choose one of the options'),
  unknownCountry: keyed('message.answerUnknownCountry', 'Please choose a country from the list'),
  yesNo: keyed('message.answerYesNo', 'Please answer yes or no'),
  tooLong: (max: number) => keyed('message.answerTooLong', `Please use at most ${max} characters`, { max }),
} as const;

const MOST_CHOICES_MESSAGE = keyed('api.questions.mostChoices', `At most ${MOST_CHOICES} choices`, { max: MOST_CHOICES });

const CHOICE_KINDS: readonly QuestionKind[] = ['one_choice', 'many_choices'];

export function hasChoices(kind: QuestionKind): boolean {
  return CHOICE_KINDS.includes(kind);
}

/** ISO 3166-1 alpha-2: the officially assigned codes (249), named in English with Intl.DisplayNames. */
export const COUNTRY_CODES: readonly string[] = `
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ
  BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR
  CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
  GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU
  ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ
  LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ
  MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF
  PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
  SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR
  TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
`
  .trim()
  .split(/\s+/);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name ('GH' is 'Ghana'). */
export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

/** The countries for a select, by their name in `locale` (an Intl locale: 'en-US', 'fr'). */
export function countryOptions(locale = 'en'): { value: string; label: string }[] {
  const names = locale === 'en' ? regionNames : new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, locale));
}

const questionFields = z.object({
  /** Absent for a new question; an existing one keeps its id (and its answers' link to it). */
  id: idInput.optional(),
  kind: z.enum(QUESTION_KINDS, { error: keyed('api.questions.kind', 'Choose a kind of question') }),
  label: requiredLine(QUESTION_MESSAGES.label, 200),
  helpText: optionalLine(300),
  required: z.boolean().default(false),
  choices: z
    .array(z.string().trim().min(1, QUESTION_MESSAGES.choiceBlank).max(100, tooLong(100)))
    .max(MOST_CHOICES, MOST_CHOICES_MESSAGE)
    .default([]),
  /**
   * The label, help text and choices in the other languages (French), each optional; a choice's
   * translation is at the English choice's place. Answers store the English choice.
   */
  translations: translationsInput({
    label: optionalLine(200),
    helpText: optionalLine(300),
    choices: z.array(optionalLine(100)).max(MOST_CHOICES, MOST_CHOICES_MESSAGE).default([]),
  }),
});

export const registrationQuestionInput = questionFields.superRefine((question, context) => {
  if (!hasChoices(question.kind)) return;
  if (question.choices.length < 2) context.addIssue({ code: 'custom', message: QUESTION_MESSAGES.choices, path: ['choices'] });
  if (new Set(question.choices).size !== question.choices.length) {
    context.addIssue({ code: 'custom', message: QUESTION_MESSAGES.choiceTwice, path: ['choices'] });
  }
});
export type RegistrationQuestionInput = z.input<typeof registrationQuestionInput>;

/** The whole list of an event's questions, in the order asked: the editor saves it at once. */
export const saveRegistrationQuestionsInput = z.object({
  eventId: idInput,
  questions: z.array(registrationQuestionInput).max(MOST_QUESTIONS, QUESTION_MESSAGES.tooMany),
});
export type SaveRegistrationQuestionsInput = z.input<typeof saveRegistrationQuestionsInput>;

export const eventQuestionsInput = z.object({ eventId: idInput });

/** The public form's answers, by question id: text, a choice, several choices, 'yes' / 'no', a country code. */
export const answersInput = z
  .record(
    z.string().max(64),
    z.union([z.string().max(ANSWER_LIMITS.long_text * 2), z.array(z.string().max(200)).max(MOST_CHOICES)]),
    { error: keyed('message.answersByQuestion', 'Answers must be given by question') },
  )
  .refine((answers) => Object.keys(answers).length <= MOST_QUESTIONS, QUESTION_MESSAGES.tooMany)
  .default({});

/** A question's texts in another language: each null when not translated (the English one shows). */
export interface QuestionTexts {
  label: string | null;
  helpText: string | null;
  /** At the English choices' places. */
  choices: (string | null)[];
}

/** A question as the form and the check see it. */
export interface AskedQuestion {
  id: string;
  kind: QuestionKind;
  label: string;
  helpText: string | null;
  required: boolean;
  /** The English choices: what an answer stores, whatever the language of the form. */
  choices: string[];
  translations: Translations<QuestionTexts>;
}

/**
 * A question as a form in `language` shows it: label and help text in that language when translated,
 * else in English; each choice labelled likewise, its value the English choice (what an answer stores).
 */
export function questionIn(question: AskedQuestion, language: Language): { label: string; helpText: string | null; choices: { value: string; label: string }[] } {
  const texts = language === DEFAULT_LANGUAGE ? undefined : question.translations[language];
  const helpText = firmText(question.helpText ?? '', question.translations, 'helpText', language).trim();
  return {
    label: firmText(question.label, question.translations, 'label', language),
    helpText: helpText === '' ? null : helpText,
    choices: question.choices.map((choice, index) => ({ value: choice, label: texts?.choices[index]?.trim() || choice })),
  };
}

/** The field an answer's message goes under. */
export function answerField(questionId: string): string {
  return `answers.${questionId}`;
}

export interface CheckedAnswer {
  question: AskedQuestion;
  /** As stored and shown: choices joined with ', ', Yes or No, the country's name. */
  value: string;
}

/**
 * The answers to `questions`, checked: each question answered as its kind allows, required ones
 * answered. Answers to questions not asked are ignored (a question removed while the form was open).
 */
export function checkAnswers(
  questions: readonly AskedQuestion[],
  answers: Readonly<Record<string, string | string[] | undefined>>,
): { answers: CheckedAnswer[]; errors: Record<string, KeyedText> } {
  const checked: CheckedAnswer[] = [];
  const errors: Record<string, KeyedText> = {};
  for (const question of questions) {
    const result = checkAnswer(question, answers[question.id]);
    if (typeof result === 'object') errors[answerField(question.id)] = result.error;
    else if (result !== '') checked.push({ question, value: result });
    else if (question.required) errors[answerField(question.id)] = QUESTION_MESSAGES.required;
  }
  return { answers: checked, errors };
}

/** The answer's stored text ('' for none), or the message saying what is wrong with it. */
function checkAnswer(question: AskedQuestion, raw: string | string[] | undefined): string | { error: KeyedText } {
  const list = raw === undefined ? [] : (Array.isArray(raw) ? raw : [raw]).map((item) => item.trim()).filter((item) => item !== '');
  if (list.length === 0) return '';
  switch (question.kind) {
    case 'short_text':
    case 'long_text': {
      const text = list.join(' ');
      const max = ANSWER_LIMITS[question.kind];
      if ([...text].length > max) return { error: QUESTION_MESSAGES.tooLong(max) };
      return question.kind === 'short_text' ? text.replace(/\s+/g, ' ') : text;
    }
    case 'one_choice':
      return list.length === 1 && question.choices.includes(list[0] ?? '') ? (list[0] ?? '') : { error: QUESTION_MESSAGES.unknownChoice };
    case 'many_choices': {
      if (!list.every((item) => question.choices.includes(item))) return { error: QUESTION_MESSAGES.unknownChoice };
      // In the order the question offers them, each once.
      return question.choices.filter((choice) => list.includes(choice)).join(', ');
    }
    case 'yes_no': {
      const [answer] = list;
      if (list.length !== 1 || (answer !== 'yes' && answer !== 'no')) return { error: QUESTION_MESSAGES.yesNo };
      return answer === 'yes' ? 'Yes' : 'No';
    }
    case 'country': {
      const [code] = list;
      if (list.length !== 1 || code === undefined || !COUNTRY_CODES.includes(code.toUpperCase())) return { error: QUESTION_MESSAGES.unknownCountry };
      return countryName(code.toUpperCase());
    }
  }
}
