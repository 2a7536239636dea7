// The check-in screen's inputs. Zod only: the client imports this file too.
import { z } from 'zod';
import { idInput } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';

export const CHECK_IN_CODE_MESSAGE = keyed('api.checkIn.codeInvalid', 'Please enter the 10-character check-in code');

export const checkInListInput = z.object({ timeSlotId: idInput });

/** A scanned or typed code (spaces, dashes and case forgiven), or a booking picked from the list. */
export const checkInInput = z
  .object({
    timeSlotId: idInput,
    code: z
      .string({ error: CHECK_IN_CODE_MESSAGE })
      .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{10}$/, CHECK_IN_CODE_MESSAGE))
      .optional(),
    bookingId: idInput.optional(),
  })
  .refine((input) => (input.code === undefined) !== (input.bookingId === undefined), { message: CHECK_IN_CODE_MESSAGE, path: ['code'] });

export const markNoShowsInput = z.object({ timeSlotId: idInput });
