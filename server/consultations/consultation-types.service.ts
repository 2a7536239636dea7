// Consultation types (admins, audited) and staff hours (each staff member their own, admins anyone's).
import type { z } from 'zod';
import type { DB } from '@db/database';
import type { AuthUser } from '@server/identity/session.service';
import {
  countConsultationsOfType,
  countExistingUsers,
  type ConsultationTypeDto,
  deleteConsultationTypeRow,
  findConsultationType,
  findConsultationTypeDto,
  findStaffMember,
  insertConsultationType,
  listActiveConsultationTypes as listActiveTypeRows,
  listConsultationTypes as listTypeRows,
  overridesOf,
  replaceAvailability,
  replaceTypeStaff,
  updateConsultationTypeRow,
  weeklyHoursOf,
} from './consultations.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import type { availabilityInput, consultationTypeInput } from './consultations.schemas';
import { ForbiddenError, invalidField, NotFoundError, PreconditionError } from '@server/core/errors';
import { message } from '@server/shared/i18n/message';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { type AuditContext, plainReadNoInput, type ServiceContext } from '@server/core/service-context';
import type { MinuteRange } from './consultations.repository';

/** A signed-in caller's read or change of working hours (their own, or anyone's for an admin). */
type StaffReadContext = Pick<ServiceContext, 'db'> & { user: Pick<AuthUser, 'id' | 'role'> };
type StaffChangeContext = Pick<ServiceContext, 'db' | 'ip'> & { user: Pick<AuthUser, 'id' | 'name' | 'email' | 'role'> };

// Reads with no rule of their own, for the router.
export const listActiveConsultationTypes = plainReadNoInput(listActiveTypeRows);
export const listConsultationTypes = plainReadNoInput(listTypeRows);

type TypeValues = z.output<typeof consultationTypeInput>;

function rowValues(input: TypeValues) {
  const { staffIds: _staffIds, isActive, allowPickConsultant, translations, ...rest } = input;
  return { ...rest, translations: JSON.stringify(translations), isActive: isActive ? 1 : 0, allowPickConsultant: allowPickConsultant ? 1 : 0 };
}

async function checkStaff(db: DB, staffIds: string[]): Promise<string[]> {
  const unique = [...new Set(staffIds)];
  if ((await countExistingUsers(db, unique)) !== unique.length) throw invalidField('staffIds', 'api.consultations.unknownStaff');
  return unique;
}

export async function createConsultationType(ctx: AuditContext, input: TypeValues): Promise<ConsultationTypeDto> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const staffIds = await checkStaff(trx, input.staffIds);
    const row = await insertConsultationType(trx, rowValues(input));
    await replaceTypeStaff(trx, row.id, staffIds);
    await recordAudit(trx, actor, { action: 'create', entity: 'consultation-type', entityId: row.id, summary: row.title });
    return (await findConsultationTypeDto(trx, row.id)) as ConsultationTypeDto;
  });
}

export async function updateConsultationType(ctx: AuditContext, { id, ...input }: TypeValues & { id: string }): Promise<ConsultationTypeDto> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  return db.transaction().execute(async (trx) => {
    const staffIds = await checkStaff(trx, input.staffIds);
    const row = await updateConsultationTypeRow(trx, id, rowValues(input));
    if (row === undefined) throw new NotFoundError('api.consultations.typeNotFound');
    await replaceTypeStaff(trx, id, staffIds);
    await recordAudit(trx, actor, { action: 'update', entity: 'consultation-type', entityId: id, summary: row.title });
    const dto = await findConsultationTypeDto(trx, id);
    if (dto === undefined) throw new NotFoundError('api.consultations.typeNotFound');
    return dto;
  });
}

export async function deleteConsultationType(ctx: AuditContext, { id }: { id: string }): Promise<void> {
  const { db } = ctx;
  const actor = actorOf(ctx);
  await db.transaction().execute(async (trx) => {
    const row = await findConsultationType(trx, id);
    if (row === undefined) throw new NotFoundError('api.consultations.typeNotFound');
    if ((await countConsultationsOfType(trx, id)) > 0) throw new PreconditionError('api.consultations.typeInUse');
    await deleteConsultationTypeRow(trx, id);
    await recordAudit(trx, actor, { action: 'delete', entity: 'consultation-type', entityId: id, summary: row.title });
  });
}

export interface AvailabilityDto {
  userId: string;
  name: string;
  timeZone: string;
  /** True when the zone is the site's, because the staff member has not chosen one. */
  siteZone: boolean;
  weekly: (MinuteRange & { weekday: number })[];
  overrides: { date: string; ranges: MinuteRange[] }[];
}

function whoseHours(caller: Pick<AuthUser, 'id' | 'role'>, userId: string | undefined): string {
  const target = userId ?? caller.id;
  if (target !== caller.id && caller.role !== 'admin') throw new ForbiddenError('api.consultations.notYourHours');
  return target;
}

export async function availabilityOf(ctx: StaffReadContext, { userId }: { userId?: string | undefined }): Promise<AvailabilityDto> {
  const { db, user: caller } = ctx;
  const target = whoseHours(caller, userId);
  const member = await findStaffMember(db, target);
  if (member === undefined) throw new NotFoundError('api.consultations.staffNotFound');
  const [weekly, overrideRows, settings] = await Promise.all([weeklyHoursOf(db, [target]), overridesOf(db, [target]), getSystemSettings(db)]);
  const overrides: AvailabilityDto['overrides'] = [];
  for (const row of overrideRows) {
    let entry = overrides.at(-1);
    if (entry?.date !== row.date) {
      entry = { date: row.date, ranges: [] };
      overrides.push(entry);
    }
    if (row.startMinute !== null && row.endMinute !== null) entry.ranges.push({ startMinute: row.startMinute, endMinute: row.endMinute });
  }
  return {
    userId: member.id,
    name: member.name,
    timeZone: member.timeZone ?? settings.timezone,
    siteZone: member.timeZone === null,
    weekly: weekly.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
    overrides,
  };
}

/** Ranges of one day must not overlap: a field message names the first clash. */
function checkNoOverlap(ranges: MinuteRange[], field: string): void {
  const sorted = [...ranges].sort((a, b) => a.startMinute - b.startMinute);
  for (let index = 1; index < sorted.length; index += 1) {
    const previous = sorted[index - 1];
    const current = sorted[index];
    if (previous !== undefined && current !== undefined && current.startMinute < previous.endMinute) {
      throw invalidField(field, 'api.consultations.rangesOverlap');
    }
  }
}

export async function setAvailability(ctx: StaffChangeContext, input: z.output<typeof availabilityInput>): Promise<AvailabilityDto> {
  const { db, user: caller } = ctx;
  const actor = actorOf(ctx);
  const target = whoseHours(caller, input.userId);
  for (let weekday = 0; weekday < 7; weekday += 1) checkNoOverlap(input.weekly.filter((range) => range.weekday === weekday), 'weekly');
  const dates = new Set<string>();
  for (const override of input.overrides) {
    if (dates.has(override.date)) throw invalidField('overrides', message('api.consultations.dateTwice', { date: override.date }));
    dates.add(override.date);
    checkNoOverlap(override.ranges, 'overrides');
  }
  await db.transaction().execute(async (trx) => {
    const member = await findStaffMember(trx, target);
    if (member === undefined) throw new NotFoundError('api.consultations.staffNotFound');
    await replaceAvailability(trx, target, input.timeZone, input.weekly, input.overrides);
    const summary = `${member.name}: ${input.weekly.length} weekly ranges, ${input.overrides.length} dates, ${input.timeZone}`;
    await recordAudit(trx, actor, { action: 'update', entity: 'availability', entityId: target, summary });
  });
  return availabilityOf(ctx, { userId: target });
}
