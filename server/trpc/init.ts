// The only place procedures are built. Errors leave here in one shape: a human message, the tRPC
// code, and for bad input the field messages; never a stack outside development.
import { i18nOf, type MessageKey } from '@server/shared/i18n/catalogs';
import { DEFAULT_LANGUAGE } from '@server/shared/i18n/languages';
import { translateIssue, translateMessage } from '@server/shared/i18n/messages';
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError, z } from 'zod';
import { DomainError, type DomainErrorKind, type FieldErrors, infrastructureFault } from '@server/core/errors';
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

/**
 * What each procedure says about itself, for docs/api.md (scripts/api-docs.ts): who may call it,
 * set once by the builder below it is made from, and a one-line description the procedure gives.
 */
export interface ProcedureMeta {
  access?: 'public' | 'staff' | 'admin';
  description?: string;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error, ctx }) {
    const development = ctx?.config.nodeEnv === 'development';
    // Only input validation is the caller's to see; a ZodError behind a 500 (an output check, a
    // stored value that no longer parses) is an internal failure like any other.
    const validation = error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? error.cause : null;
    let message = shape.message;
    let fieldErrors: FieldErrors | null = null;
    if (validation !== null) {
      const flattened = z.flattenError(validation);
      fieldErrors = flattened.fieldErrors as FieldErrors;
      message = validation.issues[0]?.message ?? 'Invalid input';
    } else if (error.cause instanceof DomainError) {
      fieldErrors = error.cause.fieldErrors;
    } else if (error.code === 'INTERNAL_SERVER_ERROR' && !development) {
      message = 'Something went wrong. Please try again.';
    }
    // A page in another language gets the messages it may show in that language (field messages of
    // a schema by their issue's code and text, a service's by its text); anything else stays English.
    if (ctx !== undefined && ctx.language !== DEFAULT_LANGUAGE) {
      const i18n = i18nOf(ctx.language);
      const t = (key: MessageKey, values?: Record<string, unknown>) => i18n._(key, values);
      if (validation !== null) {
        const translated: Record<string, string[]> = {};
        for (const issue of validation.issues) {
          const field = issue.path[0];
          if (typeof field === 'string') (translated[field] ??= []).push(translateIssue(issue, t));
        }
        fieldErrors = translated;
        const first = validation.issues[0];
        message = first === undefined ? message : translateIssue(first, t);
      } else {
        message = translateMessage(message, t);
        if (fieldErrors !== null) {
          fieldErrors = Object.fromEntries(
            Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.map((text) => translateMessage(text, t))]),
          );
        }
      }
    }
    return {
      message,
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors,
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

export const publicProcedure = t.procedure.use(domainErrors).meta({ access: 'public' });

/** Any signed-in account (role user or admin). */
export const staffProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.user === null || ctx.session === null) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
}).meta({ access: 'staff' });

/** Admins only: a signed-in user without the role gets FORBIDDEN, never UNAUTHORIZED. */
export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only administrators can do this.' });
  }
  return next();
}).meta({ access: 'admin' });
