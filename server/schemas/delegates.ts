import type { z } from 'zod';
import { idInput, listInputBase } from './common';
import { delegateFields } from './sessions';

export { delegateFields };

/** The delegates screen passes no session; the wizard passes the session being edited. */
export const createDelegateInput = delegateFields.extend({ sessionId: idInput.nullish() });
export type CreateDelegateInput = z.input<typeof createDelegateInput>;

/** sessionId: absent keeps the existing one (the form leaves it out when unchanged), null detaches. */
export const updateDelegateInput = delegateFields.extend({ id: idInput, sessionId: idInput.nullish() });
export type UpdateDelegateInput = z.input<typeof updateDelegateInput>;

export const delegateListInput = listInputBase.extend({
  sessionId: idInput.optional(),
  /** Delegates of every session of one event (the wizard's delegate step). */
  eventId: idInput.optional(),
});
export type DelegateListInput = z.input<typeof delegateListInput>;
