// The failures a service may report. Services know nothing of HTTP or tRPC: they throw one of these
// with the message a person should read, said by its catalog key (server/shared/i18n/catalogs/en.ts)
// and the values of its placeholders, never by its English sentence: the typecheck refuses a key the
// catalog lacks and a missing value, and tests/project/error-keys.test.ts proves it. The tRPC layer
// (trpc/init.ts) maps each kind to a code and sends the English text with the key, which a page says
// in its own language. Anything else thrown is a bug and reaches the caller as a generic 500.
import { englishOf } from '@server/shared/i18n/catalogs';
import { type Message, message, type Said, toMessage } from '@server/shared/i18n/message';

/** Field messages in English, as the API sends them (`data.fieldErrors`). */
export type FieldErrors = Record<string, string[] | undefined>;

/** A message shown under each of these form fields. */
export type FieldMessages = Readonly<Record<string, Said>>;

export type DomainErrorKind =
  | 'not-found'
  | 'conflict'
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'precondition'
  | 'too-many-requests'
  | 'unavailable'
  | 'upstream';

export interface DomainErrorOptions {
  /** Field messages shown beside form inputs, like a schema failure would give. */
  fields?: FieldMessages;
  cause?: unknown;
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** What the error says, by key; `message` is its English text. */
  readonly said: Message;
  /** The message under each field it names, by key, or null. */
  readonly fields: Readonly<Record<string, Message>> | null;

  constructor(said: Said, options: DomainErrorOptions = {}) {
    const saying = toMessage(said);
    super(englishOf(saying), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.said = saying;
    this.fields = options.fields === undefined ? null : Object.fromEntries(Object.entries(options.fields).map(([field, text]) => [field, toMessage(text)]));
  }

  /** The field messages in English. */
  get fieldErrors(): FieldErrors | null {
    if (this.fields === null) return null;
    return Object.fromEntries(Object.entries(this.fields).map(([field, text]) => [field, [englishOf(text)]]));
  }
}

/** The record asked for does not exist (or is not visible to this caller). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** The change clashes with data that exists (a taken e-mail, a full slot, a duplicate booking). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** Input that passed the schema but breaks a rule checked against the data (a wrong current password). */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid';
}

/** Credentials or a sign-in step that did not check out. */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** The record's state does not allow the action now (already sent, already started, last admin). */
export class PreconditionError extends DomainError {
  readonly kind = 'precondition';
}

/** A limit was reached; `retryAfterSeconds` says when to come back. */
export class TooManyRequestsError extends DomainError {
  readonly kind = 'too-many-requests';
  constructor(
    said: Said,
    readonly retryAfterSeconds: number,
  ) {
    super(said);
  }
}

/** The site refuses the action for now (maintenance). */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
}

/** A server we depend on (SMTP) refused or could not be reached. */
export class UpstreamError extends DomainError {
  readonly kind = 'upstream';
}

/** Shorthands for a message shown under one form field. */
export function invalidField(field: string, said: Said): InvalidInputError {
  return new InvalidInputError(said, { fields: { [field]: said } });
}

export function conflictOnField(field: string, said: Said): ConflictError {
  return new ConflictError(said, { fields: { [field]: said } });
}

/**
 * The values of a "try again in ..." message ('error.tooManyRequests' and the sign-in limits): whole
 * seconds under a minute, else minutes rounded up.
 */
export function waitOf(retryAfterSeconds: number): { unit: 'seconds' | 'minutes'; count: number } {
  return retryAfterSeconds < 60 ? { unit: 'seconds', count: retryAfterSeconds } : { unit: 'minutes', count: Math.ceil(retryAfterSeconds / 60) };
}

/** The limit of the public forms was reached. */
export function tooManyRequests(retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(message('error.tooManyRequests', waitOf(retryAfterSeconds)), retryAfterSeconds);
}

/**
 * The domain error a fault of the database becomes (server/core/faults.ts tells them apart):
 * a 503 with a sentence for the visitor, never a 500 or the driver's words.
 */
export function infrastructureFault(kind: 'disk-full' | 'database-unreachable'): UnavailableError {
  return new UnavailableError(kind === 'disk-full' ? 'error.diskFull' : 'error.unavailable');
}
