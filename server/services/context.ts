// The one signature style of the services a router calls: `(ctx, input)`.
// `ctx` is the caller's context (what the service may use and who asks); `input` is the procedure's
// parsed input, or one value where the procedure takes one. A service that only reads asks for the
// part of the context it needs (`Pick<ServiceContext, 'db'>`), so a test or a script can call it
// with a bare `{ db }`; one that changes data takes the caller too, and derives its audit actor
// with `actorOf(ctx)` itself instead of every router passing it.
import type { AuthUser } from '../auth/session';
import type { ServiceDeps } from '../deps';
import type { Language } from '../shared/i18n/languages';

export interface ServiceContext extends ServiceDeps {
  /** Who asks: null for a visitor. */
  user: Pick<AuthUser, 'id' | 'name' | 'email' | 'role'> | null;
  /** The client's address, for the audit log and limits. */
  ip: string;
  /** The language of the page that called, for texts a visitor reads. */
  language: Language;
}

