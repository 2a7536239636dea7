// The demo consultation types and the demo staff's weekday hours, so the consultation flow has free
// times right after `npm run seed`. Fixed ids: a second run adds nothing; hours are written only for
// a staff member who has none (their own edits stay).
import type { DB } from '@db/database';
import { FRENCH_CONSULTATION_TYPES, frenchTranslations } from './french';

const TYPES = [
  {
    id: 'seed-consultation-discovery',
    title: 'Discovery call',
    description: 'A first 30-minute video call about your market, your goals and how we could help.',
    durationMinutes: 30,
    locationKind: 'video' as const,
    locationDetail: 'https://meet.example.com/discovery',
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 10,
    minNoticeHours: 12,
    horizonDays: 60,
    maxPerDay: 6,
    allowPickConsultant: 1,
  },
  {
    id: 'seed-consultation-workshop',
    title: 'Market-entry workshop',
    description: 'A 90-minute working session at our office on your entry plan: regulation, partners and first steps.',
    durationMinutes: 90,
    locationKind: 'address' as const,
    locationDetail: '12 Independence Avenue, Accra',
    bufferBeforeMinutes: 15,
    bufferAfterMinutes: 15,
    minNoticeHours: 48,
    horizonDays: 90,
    maxPerDay: 2,
    allowPickConsultant: 0,
  },
];

/** Monday to Friday, 09:00-12:00 and 13:00-17:00. */
const WEEKDAY_HOURS = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, startMinute: 9 * 60, endMinute: 12 * 60 },
  { weekday, startMinute: 13 * 60, endMinute: 17 * 60 },
]);

export async function seedConsultations(db: DB, staffEmails: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const staff = await trx.selectFrom('users').select('id').where('email', 'in', staffEmails).orderBy('email').execute();
    for (const type of TYPES) {
      await trx.insertInto('consultationTypes').values({ ...type, translations: frenchTranslations(FRENCH_CONSULTATION_TYPES[type.id]) }).onConflict((conflict) => conflict.column('id').doNothing()).execute();
      for (const member of staff) {
        await trx
          .insertInto('consultationTypeStaff')
          .values({ typeId: type.id, userId: member.id })
          .onConflict((conflict) => conflict.columns(['typeId', 'userId']).doNothing())
          .execute();
      }
    }
    for (const member of staff) {
      const hasHours = await trx.selectFrom('availabilityWeekly').select('id').where('userId', '=', member.id).executeTakeFirst();
      if (hasHours !== undefined) continue;
      await trx
        .insertInto('availabilityWeekly')
        .values(WEEKDAY_HOURS.map((hours, index) => ({ id: `seed-hours-${member.id}-${index}`, userId: member.id, ...hours })))
        .execute();
    }
  });
}

/** --reset: consultations and the demo types go before the demo accounts they point at. */
export async function resetConsultations(db: DB): Promise<void> {
  await db.deleteFrom('consultations').execute();
  await db.deleteFrom('consultationTypes').where('id', 'in', TYPES.map((type) => type.id)).execute();
}
