// JSON the database keeps (the settings groups, the home page's content, the firm's translations, a
// question's choices) is read with the zod schema it was written with, never cast. A field that does
// not parse is read as its default, which is the fresh-install value of that field and so a safe
// one (no SMTP, nothing anonymised, not translated), and the operator is told which stored value and
// which field, with zod's reason: one warning line per distinct stored value, however often it is read.
//
// Reading is a pure function of the stored text, and the settings are read by every public
// submission and every message written: each stored value is parsed once (then its problems are
// logged) and its result kept, frozen, so a reader never changes what the next one gets. Readers of
// one kind of value (one `what`) always give the same schema and defaults.
import { z } from 'zod';
import { TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';
import type { Translations } from '@server/shared/i18n/translations.schemas';

/** One field that did not parse: its path in the document ('' for the document itself) and why. */
export interface StoredProblem {
  field: string;
  problem: string;
  /** No default stands in for it: the document cannot be read. */
  fatal: boolean;
}

function report(what: string, problems: StoredProblem[]): void {
  for (const { field, problem, fatal } of problems) {
    const where = field === '' ? '' : ` field "${field}"`;
    const outcome = fatal ? 'it has no default, so it cannot be read until it is saved again' : 'using the default until it is saved again';
    console.warn(`Stored ${what}:${where} ${problem}; ${outcome}.`);
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: Error };

// What each stored value read as, by what it is and its text. Bounded: past MOST_KEPT the oldest
// goes (and is parsed, and its problems logged, again if it is read again).
const kept = new Map<string, Outcome>();
const MOST_KEPT = 500;

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

/** A kept result as a reader gets it: a copy of its top level (its parts stay shared, frozen). */
function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return [...value] as T;
  if (typeof value === 'object' && value !== null) return { ...value };
  return value;
}

/**
 * The result of `read` for this stored value, parsed the first time and kept; `read` reports its
 * problems. What it keeps for `what` is what `read` gives for `what`, so the kept value is a T.
 */
function once<T>(what: string, raw: string, read: () => T): T {
  const key = `${what}\u0000${raw}`;
  let outcome = kept.get(key);
  if (outcome === undefined) {
    try {
      const value = read();
      deepFreeze(value);
      outcome = { ok: true, value };
    } catch (error) {
      if (!(error instanceof DamagedStoredValueError)) throw error;
      outcome = { ok: false, error };
    }
    if (kept.size >= MOST_KEPT) kept.delete(kept.keys().next().value ?? '');
    kept.set(key, outcome);
  }
  if (!outcome.ok) throw outcome.error;
  return copyOf(outcome.value as T);
}

/** A stored document that cannot be read: a field without a safe default is damaged. */
export class DamagedStoredValueError extends Error {
  constructor(what: string, problems: StoredProblem[]) {
    super(`Stored ${what} is damaged: ${problems.map(({ field, problem }) => `"${field}" ${problem}`).join('; ')}.`);
    this.name = 'DamagedStoredValueError';
  }
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, problem: `is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'does not parse';
  const inside = issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
  return `is refused${inside}: ${issue.message}`;
}

/**
 * Each field of `shape` from `stored`; a nested object (social links, the founder) field by field
 * too. A field missing (an older version's save) or bad reads as its value in `defaults`; a field
 * that has none there has no safe default, and its problem is fatal.
 */
function parseFields(shape: z.ZodRawShape, stored: unknown, defaults: Record<string, unknown>, path: string, problems: StoredProblem[]): Record<string, unknown> {
  if (!isRecord(stored)) {
    problems.push({ field: path, problem: 'is not an object', fatal: Object.keys(shape).some((name) => !(name in defaults)) });
    return { ...defaults };
  }
  const result: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const value = stored[name];
    const hasDefault = name in defaults;
    const fallback = defaults[name];
    const fieldPath = path === '' ? name : `${path}.${name}`;
    if (value === undefined && hasDefault) result[name] = fallback;
    else if (field instanceof z.ZodObject && isRecord(value)) result[name] = parseFields(field.shape, value, isRecord(fallback) ? fallback : {}, fieldPath, problems);
    else {
      const parsed = z.safeParse(field, value);
      if (parsed.success) result[name] = parsed.data;
      else {
        problems.push({ field: fieldPath, problem: value === undefined ? 'is missing' : reasonOf(parsed.error), fatal: !hasDefault });
        result[name] = fallback;
      }
    }
  }
  return result;
}

/** Values that stand in for damaged fields: for some fields, and for some fields of a nested object. */
export type FieldDefaults<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? FieldDefaults<T[K]> : T[K];
};

/**
 * A stored document of fields (a settings group, the home page's content): each field parsed by its
 * schema in `shape`; a missing one (an older version's save) or a bad one reads as its value in
 * `defaults`, and one without a value there (no safe default) makes the document unreadable
 * (DamagedStoredValueError). Fields the shape does not know are dropped. `what` names it in the
 * warning ('settings group "system"').
 */
export function readStoredFields<Shape extends z.ZodRawShape>(
  what: string,
  raw: string | undefined,
  shape: Shape,
  defaults: FieldDefaults<z.output<z.ZodObject<Shape>>>,
): z.output<z.ZodObject<Shape>> {
  // Each field is its schema's output or its default, so the whole is the shape's output.
  if (raw === undefined) return parseDocument(what, undefined, shape, defaults) as z.output<z.ZodObject<Shape>>;
  return once(what, raw, () => parseDocument(what, raw, shape, defaults) as z.output<z.ZodObject<Shape>>);
}

function parseDocument(what: string, raw: string | undefined, shape: z.ZodRawShape, defaults: Record<string, unknown>): Record<string, unknown> {
  const problems: StoredProblem[] = [];
  const json = raw === undefined ? ({ ok: true, value: {} } as const) : parseJson(raw);
  let fields: Record<string, unknown>;
  if (json.ok) fields = parseFields(shape, json.value, defaults, '', problems);
  else {
    problems.push({ field: '', problem: json.problem, fatal: Object.keys(shape).some((name) => !(name in defaults)) });
    fields = { ...defaults };
  }
  report(what, problems);
  const fatal = problems.filter((problem) => problem.fatal);
  if (fatal.length > 0) throw new DamagedStoredValueError(what, fatal);
  return fields;
}

/** A stored value read as a whole: its schema's output, or `fallback` (with a warning) when it is not JSON or does not parse. */
export function readStoredValue<T, Fallback = T>(what: string, raw: string, schema: z.ZodType<T>, fallback: Fallback): T | Fallback {
  return once(what, raw, (): T | Fallback => {
    const json = parseJson(raw);
    if (!json.ok) {
      report(what, [{ field: '', problem: json.problem, fatal: false }]);
      return fallback;
    }
    const parsed = schema.safeParse(json.value);
    if (parsed.success) return parsed.data;
    report(what, [{ field: '', problem: reasonOf(parsed.error), fatal: false }]);
    return fallback;
  });
}

/**
 * The firm's own texts in the other languages (the translations column of events, sessions,
 * consultation types and questions): for each language the site speaks, the texts of `shape` field
 * by field, a damaged one read as its value in `untranslated` (the English one shows); a language
 * not stored, or one the site no longer speaks, is left out.
 */
export function readStoredTranslations<Shape extends z.ZodRawShape>(
  what: string,
  raw: string,
  shape: Shape,
  untranslated: z.output<z.ZodObject<Shape>>,
): Translations<z.output<z.ZodObject<Shape>>> {
  return once(what, raw, () => {
    const problems: StoredProblem[] = [];
    const json = parseJson(raw);
    const translations: Translations<z.output<z.ZodObject<Shape>>> = {};
    if (!json.ok) problems.push({ field: '', problem: json.problem, fatal: false });
    else if (!isRecord(json.value)) problems.push({ field: '', problem: 'is not an object', fatal: false });
    else {
      for (const code of TRANSLATED_LANGUAGES) {
        const texts = json.value[code];
        // Each field is its schema's output or its untranslated value, so the whole is the shape's output.
        if (texts !== undefined) translations[code] = parseFields(shape, texts, untranslated, code, problems) as z.output<z.ZodObject<Shape>>;
      }
    }
    report(what, problems);
    return translations;
  });
}

/** Title and description in another language: the translatable texts of events, sessions and consultation types. */
export interface TitleTexts {
  title: string | null;
  description: string | null;
}

const titleTexts = { title: z.string().nullable(), description: z.string().nullable() };
const UNTRANSLATED_TITLE: TitleTexts = { title: null, description: null };

/** A row's translated title and description; `what` names the row in a warning ('translations of event <id>'). */
export function readTitleTranslations(what: string, raw: string): Translations<TitleTexts> {
  return readStoredTranslations(what, raw, titleTexts, UNTRANSLATED_TITLE);
}
