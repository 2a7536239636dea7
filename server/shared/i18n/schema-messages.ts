// The messages schemas say, by key. A zod issue carries only its text, and the back office and the
// API show that English text as it is; so a schema writes each message with `keyed(key, english)`,
// which returns the text and remembers its key, and the key of any issue is then found from its text
// on either side: the API sends it beside the English, a public form says it in the page's language.
// So one English text has one key: two messages that read the same in English are one message.
// server/shared/i18n/schema-messages.test.ts checks that each English text is the catalog's, and that
// every message a procedure's input can say was written this way.
import type { MessageKey } from './catalogs/en';
import { Message, type SentMessage, type ValuesFor } from './message';

declare const keyedText: unique symbol;

/** A schema's message: its English text, whose key `keyed` remembered. Schema helpers ask for this type. */
export type KeyedText = string & { readonly [keyedText]: true };

const byText = new Map<string, Message>();
const clashes: string[] = [];

/**
 * `keyed('validation.nameRequired', 'Name is required')`: the English text, as zod and the back
 * office need it, remembered with its key (and the values of its placeholders).
 */
export function keyed<K extends MessageKey>(key: K, english: string, ...values: ValuesFor<K>): KeyedText {
  const said = Message.of(key, ...values);
  const known = byText.get(english);
  if (known === undefined) byText.set(english, said);
  else if (known.key !== key || JSON.stringify(known.values) !== JSON.stringify(said.values)) clashes.push(english);
  return english as KeyedText;
}

/** The key of a message a schema said (an issue's text), or null for one it did not write with `keyed`. */
export function messageOfText(text: string): Message | null {
  return byText.get(text) ?? null;
}

/**
 * A schema's message (the text of an issue a form's own check found) as a page says it: by its key
 * in the page's catalog (`words` is the page's translator, client/i18n.tsx), else as written.
 */
export function schemaMessageIn(words: { said(message: SentMessage | null, english: string): string }, text: string): string {
  return words.said(messageOfText(text), text);
}

/** The key of a text `keyed` returned (a shared check's message, such as a registration answer's). */
export function messageOfKeyed(text: KeyedText): Message {
  const said = byText.get(text);
  if (said === undefined) throw new Error(`'${text}' was not made by keyed()`);
  return said;
}

/** Every keyed text so far, and the texts written with two different keys (a test wants none). */
export function keyedTexts(): { texts: ReadonlyMap<string, Message>; clashes: readonly string[] } {
  return { texts: byText, clashes };
}
