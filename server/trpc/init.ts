// The only place procedures are built. Errors leave here in one shape: the English message (what
// curl shows and the back office says), the tRPC code, for bad input the field messages, and beside
// them the catalog key and values of each message (`messageKey`, `messageValues`, `fieldMessageKeys`),
// which a public page says in its own language; never a stack outside development.
import type { OpenApiMeta } from 'trpc-to-openapi';
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError, z } from 'zod';
import { DomainError, type DomainErrorKind, type FieldErrors, infrastructureFault, UnauthenticatedError, ForbiddenError } from '@server/core/errors';
import { englishOf } from '@server/shared/i18n/catalogs';
import { type Message, message, type SentMessage } from '@server/shared/i18n/message';
import { messageOfText } from '@server/shared/i18n/schema-messages';
import type { ApiScope } from '@server/api-tokens/api-tokens.schemas';
import type { Context } from './context';

/** The one mapping from a service's domain error to the tRPC code the caller sees. */
const CODE_OF_KIND: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  invalid: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  precondition: 'PRECONDITION_FAILED',
  'too-many-requests': 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
  upstream: 'BAD_GATEWAY',
};

export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: CODE_OF_KIND[error.kind], message: error.message, cause: error });
}

const GENERIC_FAILURE = message('error.generic');

function sent(said: Message): SentMessage {
  return { key: said.key, values: said.values };
}

/** What an error says, by key: the domain error's, the schema's for bad input, none for tRPC's own. */
interface SaidByKey {
  message: string;
  said: Message | null;
  fieldErrors: FieldErrors | null;
  fieldSaid: Record<string, Message> | null;
}

function saidOf(error: TRPCError, shapeMessage: string, development: boolean): SaidByKey {
  // Only input validation is the caller's to see; a ZodError behind a 500 (an output check, a
  // stored value that no longer parses) is an internal failure like any other.
  const validation = error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? error.cause : null;
  if (validation !== null) {
    // Each field's first message is the one a form shows under it: its key goes with it.
    const fieldSaid: Record<string, Message> = {};
    for (const issue of validation.issues) {
      const field = issue.path[0];
      const said = messageOfText(issue.message);
      if (field !== undefined && said !== null) fieldSaid[String(field)] ??= said;
    }
    const first = validation.issues[0];
    return {
      message: first?.message ?? 'Invalid input',
      said: first === undefined ? null : messageOfText(first.message),
      fieldErrors: z.flattenError(validation).fieldErrors as FieldErrors,
      fieldSaid: Object.keys(fieldSaid).length === 0 ? null : fieldSaid,
    };
  }
  if (error.cause instanceof DomainError) {
    return { message: shapeMessage, said: error.cause.said, fieldErrors: error.cause.fieldErrors, fieldSaid: error.cause.fields };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR' && !development) {
    return { message: englishOf(GENERIC_FAILURE), said: GENERIC_FAILURE, fieldErrors: null, fieldSaid: null };
  }
  return { message: shapeMessage, said: null, fieldErrors: null, fieldSaid: null };
}

/**
 * What each procedure says about itself, for docs/api.md (scripts/api-docs.ts): who may call it,
 * set once by the builder below it is made from, and a one-line description the procedure gives.
 */
export interface ProcedureMeta extends OpenApiMeta {
  access?: 'public' | 'staff' | 'admin';
  description?: string;
  /** The API token scope that opens this procedure to a bearer token; none: tokens are refused. */
  scope?: ApiScope;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error, ctx }) {
    const development = ctx?.config.nodeEnv === 'development';
    const { message, said, fieldErrors, fieldSaid } = saidOf(error, shape.message, development);
    return {
      message,
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors,
        messageKey: said?.key ?? null,
        messageValues: said?.values ?? {},
        fieldMessageKeys: fieldSaid === null ? null : Object.fromEntries(Object.entries(fieldSaid).map(([field, text]) => [field, sent(text)])),
        ...(development && shape.data.stack !== undefined ? { stack: shape.data.stack } : {}),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure passes here, so a domain error thrown anywhere below leaves with its code, and a
 * fault of the database (a full disk, PostgreSQL gone) leaves as 503 with its sentence.
 */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof DomainError) throw toTRPCError(cause);
  const fault = ctx.faults.report(cause);
  if (fault !== null) throw toTRPCError(infrastructureFault(fault));
  return result;
});

/**
 * A caller with an API token reaches only the procedures its scopes name (the meta's `scope`), and
 * then only with the rights of the account that made it (the role checks below still apply).
 */
const tokenScopes = t.middleware(({ ctx, meta, next }) => {
  if (ctx.apiToken !== null && (meta?.scope === undefined || !ctx.apiToken.scopes.includes(meta.scope))) {
    throw new ForbiddenError('api.apiTokens.outsideScopes');
  }
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(tokenScopes).meta({ access: 'public' });

/** Any signed-in account (role user or admin). */
export const staffProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.user === null || ctx.session === null) {
    throw new UnauthenticatedError('api.auth.signInRequired');
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
}).meta({ access: 'staff' });

/** Admins only: a signed-in user without the role gets FORBIDDEN, never UNAUTHORIZED. */
export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') {
    throw new ForbiddenError('api.auth.adminOnly');
  }
  return next();
}).meta({ access: 'admin' });
