// Delegates: the speakers and hosts shown beside a session. The delegates screen makes free-standing
// ones; the wizard attaches them to its session.
import type { z } from 'zod';
import { NotFoundError } from '@server/core/errors';
import { plainRead, type ServiceContext } from '@server/core/service-context';
import { changePublicData } from '@server/core/public-changes';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import * as delegates from './delegates.repository';
import type { createDelegateInput, updateDelegateInput } from './delegates.schemas';
import { requireSession } from './require-session';

type CreateDelegate = z.output<typeof createDelegateInput>;
type UpdateDelegate = z.output<typeof updateDelegateInput>;

function delegateValues(input: CreateDelegate | UpdateDelegate): delegates.DelegateValues {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    organization: input.organization,
    position: input.position,
    bio: input.bio,
    photoUrl: input.photoUrl,
  };
}

/** The delegates screen passes no session (a free-standing delegate); the wizard passes one. */
export function createDelegate(deps: ServiceContext, input: CreateDelegate): Promise<delegates.DelegateDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions'], async (trx) => {
    const sessionId = input.sessionId ?? null;
    if (sessionId !== null) await requireSession(trx, sessionId);
    const delegate = await delegates.insertDelegate(trx, sessionId, delegateValues(input));
    await recordAudit(trx, actor, { action: 'create', entity: 'delegate', entityId: delegate.id, summary: delegate.name });
    return delegate;
  });
}

export function deleteDelegate(deps: ServiceContext, { id }: { id: string }): Promise<{ id: string }> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions'], async (trx) => {
    const existing = await delegates.findDelegate(trx, id);
    if (existing === undefined || (await delegates.deleteDelegates(trx, [id])) === 0) throw new NotFoundError('api.sessions.delegateNotFound');
    await recordAudit(trx, actor, { action: 'delete', entity: 'delegate', entityId: id, summary: existing.name });
    return { id };
  });
}

const DELEGATE_FIELD_LABELS = {
  sessionId: 'session',
  name: 'name',
  email: 'email',
  phone: 'phone',
  organization: 'organization',
  position: 'position',
  bio: 'bio',
  photoUrl: 'photo',
} as const;

/** sessionId absent keeps the delegate's session (the form leaves it out when unchanged), null detaches, a value moves it. */
export function updateDelegate(deps: ServiceContext, input: UpdateDelegate): Promise<delegates.DelegateDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions'], async (trx) => {
    const before = await delegates.findDelegate(trx, input.id);
    if (before === undefined) throw new NotFoundError('api.sessions.delegateNotFound');
    if (typeof input.sessionId === 'string') await requireSession(trx, input.sessionId);
    const delegate = await delegates.updateDelegate(trx, input.id, { ...delegateValues(input), sessionId: input.sessionId });
    if (delegate === undefined) throw new NotFoundError('api.sessions.delegateNotFound');
    const summary = changedFields(before, delegate, DELEGATE_FIELD_LABELS);
    await recordAudit(trx, actor, { action: 'update', entity: 'delegate', entityId: delegate.id, summary });
    return delegate;
  });
}

export const listDelegates = plainRead(delegates.listDelegates);
