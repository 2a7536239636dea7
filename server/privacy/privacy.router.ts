import { personInput, privacySettingsInput } from './privacy.schemas';
import { erasePerson, findPerson } from './person.service';
import { getPrivacyPage, updatePrivacySettings } from './privacy-settings.service';
import { adminProcedure, publicProcedure, router } from '@server/trpc/init';

export const privacyRouter = router({
  findPerson: adminProcedure
    .meta({ description: 'Every record of an e-mail address (bookings with their answers, contact messages, outbox messages, audit mentions, sign-in counters on PostgreSQL), by kind: the "what do you hold about me" export as one JSON document.' })
    .input(personInput)
    .query(({ ctx, input }) => findPerson(ctx, input)),

  erasePerson: adminProcedure
    .meta({ description: "Erases every record of an e-mail address in one transaction: bookings, answers and contact messages anonymised (counts kept), its outbox messages and sign-in counters deleted, audit mentions replaced; one audit row counts them without the address." })
    .input(personInput)
    .mutation(({ ctx, input }) => erasePerson(ctx, input)),

  page: publicProcedure
    .meta({ description: 'What the public privacy page shows: the English text, the French text (null: the page falls back to English) and the retention periods in months (null: kept until the person asks).' })
    .query(({ ctx }) => getPrivacyPage(ctx)),

  updateSettings: adminProcedure
    .meta({ description: "Saves the privacy page's texts and the retention periods: bookings and consultations anonymised, contact messages deleted, N months (1-120) after their time or last change, or never (null). Audited; the public pages show it at once." })
    .input(privacySettingsInput)
    .mutation(({ ctx, input }) => updatePrivacySettings(ctx, input)),
});
