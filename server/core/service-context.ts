// The one signature style of the services a router (or the HTTP layer) calls: `(ctx, input)`.
// `ctx` is the caller's context (what the service may use and who asks); `input` is the procedure's
// parsed input object as its schema gives it (`{ id }`, `{ eventId }`, the form's fields), never
// values unpacked from it; a service with no input takes `(ctx)` only. A service that only reads
// asks for the part of the context it needs (`Pick<ServiceContext, 'db'>`), so a test or a script
// can call it with a bare `{ db }`; one that changes data takes the caller too, and derives its
// audit actor with `actorOf(ctx)` itself instead of every router passing it. The tRPC context
// satisfies every one of these, so a router's resolver is `({ ctx, input }) => service(ctx, input)`.
// Functions inside services (transaction bodies, helpers, the scheduler's jobs) keep their shapes.
import type { DB } from '@db/database';
import type { AuthSession, AuthUser } from '@server/identity/session.service';
import type { AppDeps, ServiceDeps } from './deps';
import { DEFAULT_LANGUAGE, type Language } from '@server/shared/i18n/languages';

export interface ServiceContext extends ServiceDeps {
  /** Who asks: null for a visitor, a scheduled job or a command. */
  user: Pick<AuthUser, 'id' | 'name' | 'email' | 'role'> | null;
  /** The client's address, for the audit log and limits ('system' for a job). */
  ip: string;
  /** The language of the page that called, for texts a visitor reads. */
  language: Language;
  /** The audit log's name for a caller who is not an account (a command: 'command line'). */
  actorName?: string;
}

/** A change that needs nothing but the database and who asks (for its audit row). */
export type AuditContext = Pick<ServiceContext, 'db' | 'user' | 'ip' | 'actorName'>;

/** A change that counts attempts (sign-in, a current password): the limits too. */
export type LimitedContext = ServiceContext & Pick<AppDeps, 'limits'>;

/**
 * A signed-in caller acting on their own account: the session they keep while the others end, and
 * the limits that count wrong current passwords.
 */
export interface AccountContext extends LimitedContext {
  user: NonNullable<ServiceContext['user']>;
  session: Pick<AuthSession, 'id'>;
}

/**
 * The context of work nobody asked for in a request (a scheduled job, a script): no account, the
 * address 'system' (or the one given), and the name the audit log shows for it. Takes whatever part
 * of the dependencies the caller has (a script may have only `{ db }`).
 */
export function systemContext<D extends Pick<ServiceDeps, 'db'>>(
  deps: D,
  who: { ip: string; name?: string } = { ip: 'system' },
): D & Pick<ServiceContext, 'user' | 'ip' | 'language' | 'actorName'> {
  return { ...deps, user: null, ip: who.ip, language: DEFAULT_LANGUAGE, ...(who.name === undefined ? {} : { actorName: who.name }) };
}

/**
 * A repository read with no rule of its own, offered to routers as a `(ctx, input)` service:
 * `export const listContacts = plainRead(contacts.listContacts);`.
 */
export function plainRead<I, R>(read: (db: DB, input: I) => R): (ctx: Pick<ServiceContext, 'db'>, input: I) => R {
  return (ctx, input) => read(ctx.db, input);
}

/** The same for a read that takes no input: a `(ctx)` service. */
export function plainReadNoInput<R>(read: (db: DB) => R): (ctx: Pick<ServiceContext, 'db'>) => R {
  return (ctx) => read(ctx.db);
}
