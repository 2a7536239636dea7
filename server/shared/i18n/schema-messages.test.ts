// Schemas say their messages by key (keyed(key, english)): every message a procedure's input can
// say has one, each English text is the English catalog's message for its key and values (so a
// reworded sentence cannot drift from its translations), no text is written with two keys, and the
// field messages of the public forms are in the catalog their page carries, in every language.
import { describe, expect, it } from 'vitest';
import { appRouter } from '@server/router';
import { proceduresOf } from '@scripts/api-docs';
import { carries, CATALOGS, englishOf, i18nOf, type PageScope } from './catalogs';
import { LANGUAGE_CODES } from './languages';
import { keyedTexts, messageOfText } from './schema-messages';

/** A schema's internals as zod 4 keeps them: its definition, with its own error map and its checks'. */
interface Internals {
  _zod: { def: Record<string, unknown> & { error?: unknown; checks?: unknown[] } };
}

function isSchema(value: unknown): value is Internals {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The text an error map given as a string (or `{ message }`) returns: zod keeps it as `() => text`. */
function textOf(errorMap: unknown): string | null {
  if (typeof errorMap !== 'function') return null;
  try {
    const text: unknown = errorMap({ code: 'custom', input: undefined, path: [] });
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

/** Every message a schema can say outside its refinement callbacks, each with the field it is under. */
function messagesOf(root: unknown): { field: string; text: string }[] {
  const found: { field: string; text: string }[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, field: string): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item, field);
      return;
    }
    if (!isSchema(value)) {
      // An object's shape: each property is a field of its own.
      for (const [name, item] of Object.entries(value)) visit(item, field === '' ? name : `${field}.${name}`);
      return;
    }
    const { def } = value._zod;
    const own = textOf(def.error);
    if (own !== null) found.push({ field, text: own });
    for (const check of def.checks ?? []) {
      if (isSchema(check)) {
        const text = textOf(check._zod.def.error);
        if (text !== null) found.push({ field, text });
      }
    }
    for (const [name, item] of Object.entries(def)) {
      if (name !== 'error' && name !== 'checks') visit(item, field);
    }
  };
  visit(root, '');
  return found;
}

const procedures = proceduresOf(appRouter);

function inputMessages(name: string): { field: string; text: string }[] {
  const procedure = procedures.find(([path]) => path === name);
  if (procedure === undefined) throw new Error(`no procedure ${name}`);
  return procedure[1].inputs.flatMap((input) => messagesOf(input));
}

describe('messages of the schemas', () => {
  it('finds the messages of a schema, so an empty list below means none is missing', () => {
    const texts = inputMessages('contacts.submit').map(({ field, text }) => `${field}: ${text}`);
    expect(texts).toContain('name: Name is required');
    expect(texts).toContain('email: Please enter a valid email address');
    expect(texts).toContain('company: Must be at most 500 characters');
  });

  it('has a key for every message a procedure’s input can say', () => {
    const unkeyed = procedures.flatMap(([name, procedure]) =>
      procedure.inputs.flatMap((input) => messagesOf(input)).filter(({ text }) => messageOfText(text) === null).map(({ field, text }) => `${name} ${field}: ${text}`),
    );
    expect(unkeyed).toEqual([]);
  });

  it('writes each message as the English catalog says it, and no text with two keys', () => {
    const { texts, clashes } = keyedTexts();
    expect(texts.size).toBeGreaterThan(100);
    const drifted = [...texts].filter(([text, said]) => englishOf(said) !== text).map(([text, said]) => `${said.key}: '${text}' / '${englishOf(said)}'`);
    expect(drifted).toEqual([]);
    expect(clashes).toEqual([]);
  });

  it.each<[string, PageScope, string[]]>([
    ['contacts.submit', 'own', ['name', 'email', 'company', 'message']],
    ['bookings.create', 'app', ['timeSlotId', 'participantName', 'participantEmail', 'participantPhone', 'answers']],
    ['consultations.book', 'app', ['startsAt', 'timeZone', 'visitorName', 'visitorEmail', 'visitorPhone', 'visitorCompany', 'message']],
    ['consultations.rescheduleByToken', 'app', ['startsAt']],
  ])('puts the field messages of %s in the catalog its page carries, in every language', (name, scope, fields) => {
    const shown = inputMessages(name).filter(({ field }) => fields.includes(field.split('.')[0] ?? ''));
    expect(shown.length).toBeGreaterThan(0);
    for (const { field, text } of shown) {
      const said = messageOfText(text);
      expect(said, `${field}: ${text}`).not.toBeNull();
      if (said === null) continue;
      expect(carries(scope, said.key), `${field}: ${said.key}`).toBe(true);
      for (const language of LANGUAGE_CODES) {
        expect(CATALOGS[language][said.key], `${language} ${said.key}`).toBeTruthy();
        expect(i18nOf(language)._(said.key, said.values), `${language} ${said.key}`).not.toContain('{');
      }
    }
  });
});
