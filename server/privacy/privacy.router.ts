import { personInput, privacySettingsInput } from './privacy.schemas';
import { erasePerson, findPerson } from './person.service';
import { getPrivacyPage, updatePrivacySettings } from './privacy-settings.service';
import { adminProcedure, publicProcedure, router } from '@server/trpc/init';

export const privacyRouter = router({
  findPerson: adminProcedure
    .meta({ description: 'Every record of an e-mail address, matched as a whole address (anna@acme.co finds nothing of anna@acme.com): bookings with their answers and their invoices and credit notes (as issued, with the PDF path), consultations, contact messages, delegate entries, outbox messages (to the person, about their bookings, or naming their address), audit rows (theirs, naming their address, or about their records), sign-in counters on PostgreSQL; by kind: the "what do you hold about me" export as one JSON document.' })
    .input(personInput)
    .query(({ ctx, input }) => findPerson(ctx, input)),

  erasePerson: adminProcedure
    .meta({ description: "Erases every record of an e-mail address (matched whole) in one transaction: bookings, answers, consultations and contact messages anonymised (counts kept; a booking's billing address too), invoices and credit notes kept as issued (legal retention), delegate entries, outbox messages and sign-in counters deleted, the address and, in audit rows about the person's records, their name and phone replaced; one audit row counts them without the address. On SQLite the freed space is zeroed and the write-ahead log emptied into the file." })
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
