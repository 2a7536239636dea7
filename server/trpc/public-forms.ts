// The procedure builder for public submissions (bookings, contact messages): a rate limit per client
// address, then the site switches (Maintenance Mode, Allow Registrations). Staff procedures never pass through here,
// so the back office keeps working in Maintenance Mode. The manage-my-booking link ('manage') is
// rate-limited the same way but passes both switches: they stop new submissions, and a visitor who
// can no longer come must still be able to say so (the freed seat goes to the waitlist).
import { getSystemSettings } from '@server/settings/settings.service';
import { publicProcedure } from './init';
import { PreconditionError, tooManyRequests, UnavailableError } from '@server/core/errors';

export type PublicFormName = 'booking' | 'contact' | 'manage';

/** The public reads that compute on every call, each limited on its own. */
export type PublicReadName = 'freeTimes';

/**
 * The procedure builder for public reads that compute (a consultation type's free times): a rate
 * limit per client network. The site switches do not apply: reading is not submitting.
 */
export function publicReadProcedure(readName: PublicReadName) {
  return publicProcedure.use(async ({ ctx, next }) => {
    const verdict = await ctx.limits.publicReads.hitFrom(readName, ctx.ip);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
    return next();
  });
}

export function publicFormProcedure(formName: PublicFormName) {
  // Runs before input parsing, so malformed submissions count against the limit too.
  return publicProcedure.use(async ({ ctx, next }) => {
    const verdict = await ctx.limits.publicForms.hitFrom(formName, ctx.ip);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
    if (formName === 'manage') return next();
    const settings = await getSystemSettings(ctx);
    if (settings.maintenanceMode) throw new UnavailableError('notice.maintenance');
    if (formName === 'booking' && !settings.allowRegistrations) throw new PreconditionError('notice.bookingsClosed');
    return next();
  });
}
