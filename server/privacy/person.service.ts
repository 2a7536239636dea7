// "Find a person": every record that holds an e-mail address, found (and exported as one JSON
// document) or erased in one audited action, through the list of kinds of record in
// server/privacy/person-records.repository.ts.
import type { ServiceContext } from '@server/core/service-context';
import { PERSON_SOURCES } from './person-records.repository';
import { actorOf, recordAudit } from '@server/audit/audit.service';

/** Every record of `email`, by kind: the export, as one JSON document. */
export async function findPerson({ db }: Pick<ServiceContext, 'db'>, { email }: { email: string }): Promise<{ email: string; records: Record<string, unknown[]> }> {
  const records: Record<string, unknown[]> = {};
  for (const source of PERSON_SOURCES) records[source.kind] = await source.find(db, email);
  return { email, records };
}

/** Erases every record of `email` in one transaction; the audit row counts them and keeps no copy of the address. */
export async function erasePerson(deps: ServiceContext, { email }: { email: string }): Promise<Record<string, number>> {
  const actor = actorOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    const counts: Record<string, number> = {};
    for (const source of PERSON_SOURCES) counts[source.kind] = await source.erase(trx, email);
    const summary = `erased a person's records: ${Object.entries(counts).map(([kind, count]) => `${kind} ${count}`).join(', ')}`;
    await recordAudit(trx, actor, { action: 'delete', entity: 'person', entityId: null, summary });
    return counts;
  });
}
