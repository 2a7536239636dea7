import { idInput, listInputBase } from '@server/shared/common.schemas';
import { delegateFields } from './sessions.schemas';

export { delegateFields };

/** The delegates screen passes no session; the wizard passes the session being edited. */
export const createDelegateInput = delegateFields.extend({ sessionId: idInput.nullish() });

/** sessionId: absent keeps the existing one (the form leaves it out when unchanged), null detaches. */
export const updateDelegateInput = delegateFields.extend({ id: idInput, sessionId: idInput.nullish() });

export const delegateListInput = listInputBase.extend({
  sessionId: idInput.optional(),
  /** Delegates of every session of one event (the wizard's delegate step). */
  eventId: idInput.optional(),
});
