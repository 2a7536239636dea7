// The only place procedures are built. Errors leave here in one shape: a human message, the tRPC
// code, and for bad input the field messages; never a stack outside development.
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import type { Context } from './context';

export type FieldErrors = Record<string, string[] | undefined>;

/** Cause of a BAD_REQUEST found by a rule beyond the input schema (e.g. a wrong current password). */
export class FieldValidationError extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super(Object.values(fieldErrors).flat()[0] ?? 'Invalid input');
  }
}

/** An error that shows `message` under `field`, like a schema failure would (BAD_REQUEST unless given). */
export function fieldError(
  field: string,
  message: string,
  code: 'BAD_REQUEST' | 'CONFLICT' = 'BAD_REQUEST',
): TRPCError {
  return new TRPCError({ code, message, cause: new FieldValidationError({ [field]: [message] }) });
}

const t = initTRPC.context<Context>().create({
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
    } else if (error.cause instanceof FieldValidationError) {
      fieldErrors = error.cause.fieldErrors;
    } else if (error.code === 'INTERNAL_SERVER_ERROR' && !development) {
      message = 'Something went wrong. Please try again.';
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
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

/** Any signed-in account (role user or admin). */
export const staffProcedure = t.procedure.use(({ ctx, next }) => {
  if (ctx.user === null || ctx.session === null) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

/** Admins only: a signed-in user without the role gets FORBIDDEN, never UNAUTHORIZED. */
export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only administrators can do this.' });
  }
  return next();
});
