// The back office's consultations: each staff member's own by default, anyone's on request.
import type { z } from 'zod';
import type { DB } from '@db/database';
import type { AuthUser } from '@server/auth/session';
import { type ConsultationListItem, listConsultations } from '@server/repositories/consultations';
import type { consultationListInput } from '@server/schemas/consultations';
import type { Page } from '@server/schemas/common';

export function listStaffConsultations(
  db: DB,
  caller: Pick<AuthUser, 'id'>,
  input: z.output<typeof consultationListInput>,
  now = Date.now(),
): Promise<Page<ConsultationListItem>> {
  const consultantId = input.consultantId === undefined ? caller.id : input.consultantId === 'all' ? undefined : input.consultantId;
  return listConsultations(
    db,
    { when: input.when, consultantId, typeId: input.typeId, status: input.status, search: input.search, now: new Date(now).toISOString() },
    { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
  );
}
