// The failures a service may report. Services know nothing of HTTP or tRPC: they throw one of these
// with the words a person should read, and the tRPC layer (trpc/init.ts) maps each kind to a code.
// Anything else thrown is a bug and reaches the caller as a generic 500.

export type FieldErrors = Record<string, string[] | undefined>;

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

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** Field messages shown beside form inputs, like a schema failure would give. */
  readonly fieldErrors: FieldErrors | null;

  constructor(message: string, fieldErrors: FieldErrors | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.fieldErrors = fieldErrors;
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
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
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
export function invalidField(field: string, message: string): InvalidInputError {
  return new InvalidInputError(message, { [field]: [message] });
}

export function conflictOnField(field: string, message: string): ConflictError {
  return new ConflictError(message, { [field]: [message] });
}

export const SERVICE_BRIEFLY_UNAVAILABLE = 'The service is briefly unavailable. Please try again.';
export const OUT_OF_DISK_SPACE = 'The server is out of disk space. Please try again later.';

/**
 * The domain error a fault of the database becomes (server/core/faults.ts tells them apart):
 * a 503 with a sentence for the visitor, never a 500 or the driver's words.
 */
export function infrastructureFault(kind: 'disk-full' | 'database-unreachable'): UnavailableError {
  return new UnavailableError(kind === 'disk-full' ? OUT_OF_DISK_SPACE : SERVICE_BRIEFLY_UNAVAILABLE);
}
