// A message said by its catalog key with the values its placeholders take, never by its English
// sentence: domain errors and schemas say their messages this way, the API sends the key beside the
// English text, and a page says it in its own language from its catalog. The typecheck knows each
// key's placeholders (read from the English catalog's ICU text), so a missing or misnamed value is a
// compile error, not a '{max}' on a page.
import type { en, MessageKey } from './catalogs/en';

/** What fills a message's placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

// The argument names of an ICU message: '{name}', '{count, plural, one {...} other {...}}'. Braces
// alternate between an argument (opened at an even depth) and a branch of a plural or select (opened
// inside an argument), so only a brace opened at an even depth names an argument.
type Trim<S extends string> = S extends ` ${infer Rest}` ? Trim<Rest> : S extends `${infer Rest} ` ? Trim<Rest> : S;
type NameAt<S extends string> = S extends `${infer Inside}}${string}` ? (Inside extends `${infer Name},${string}` ? Trim<Name> : Trim<Inside>) : never;
type Pop<Depth extends 0[]> = Depth extends [0, ...infer Rest extends 0[]] ? Rest : [];
type ArgumentsOf<S extends string, Depth extends 0[] = [], Found extends string = never> = S extends `${infer Before}{${infer After}`
  ? Before extends `${string}}${string}`
    ? Closed<S, Depth, Found>
    : ArgumentsOf<After, [0, ...Depth], Depth['length'] extends 0 | 2 | 4 | 6 ? Found | NameAt<After> : Found>
  : Closed<S, Depth, Found>;
type Closed<S extends string, Depth extends 0[], Found extends string> = S extends `${string}}${infer After}`
  ? ArgumentsOf<After, Pop<Depth>, Found>
  : Found;

/** The placeholder names of the message `K` (as the English catalog writes it). */
export type PlaceholdersOf<K extends MessageKey> = ArgumentsOf<(typeof en)[K]>;

/** Nothing for a message without placeholders; else a value for each of them. */
export type ValuesFor<K extends MessageKey> = [PlaceholdersOf<K>] extends [never] ? [] : [values: Record<PlaceholdersOf<K>, string | number>];

/** A catalog key with the values its message needs. Made by `message()`, which checks them. */
export class Message {
  private constructor(
    readonly key: MessageKey,
    readonly values: MessageValues,
  ) {}

  static of<K extends MessageKey>(key: K, ...values: ValuesFor<K>): Message {
    const [given]: readonly (MessageValues | undefined)[] = values;
    return new Message(key, given ?? {});
  }
}

/** `message('validation.tooLong', { max: 200 })`: a key and its values, checked by the typecheck. */
export const message = Message.of;

/** A key whose message has no placeholders, which may be said as it is. */
export type PlainKey = { [K in MessageKey]: [PlaceholdersOf<K>] extends [never] ? K : never }[MessageKey];

/** The keys whose messages take exactly the placeholders `Names`: what a helper that fills them itself takes. */
export type KeyTaking<Names extends string> = {
  [K in MessageKey]: [PlaceholdersOf<K>] extends [Names] ? ([Names] extends [PlaceholdersOf<K>] ? K : never) : never;
}[MessageKey];

/** What a domain error says: a plain key, or `message(key, values)`. */
export type Said = PlainKey | Message;

export function toMessage(said: Said): Message {
  return typeof said === 'string' ? Message.of<PlainKey>(said) : said;
}

/** A message as the API sends it beside its English text (`error.data.messageKey`, ...). */
export interface SentMessage {
  key: string;
  values: MessageValues;
}
