import { personInput } from '../schemas/privacy';
import { erasePerson, findPerson } from '../services/privacy/person';
import { adminProcedure, router } from '../trpc/init';

export const privacyRouter = router({
  findPerson: adminProcedure
    .meta({ description: 'Every record of an e-mail address (bookings with their answers, contact messages, outbox messages, audit mentions, sign-in counters on PostgreSQL), by kind: the "what do you hold about me" export as one JSON document.' })
    .input(personInput)
    .query(({ ctx, input }) => findPerson(ctx, input)),

  erasePerson: adminProcedure
    .meta({ description: "Erases every record of an e-mail address in one transaction: bookings, answers and contact messages anonymised (counts kept), its outbox messages and sign-in counters deleted, audit mentions replaced; one audit row counts them without the address." })
    .input(personInput)
    .mutation(({ ctx, input }) => erasePerson(ctx, input)),
});
