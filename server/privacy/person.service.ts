// "Find a person": every record that holds an e-mail address, found (and exported as one JSON
// document) or erased in one audited action, through the list of kinds of record in
// server/privacy/person-records.repository.ts.
import { checkpointWal } from '@db/database';
import type { ServiceContext } from '@server/core/service-context';
import { changePublicData } from '@server/core/public-changes';
import { findPersonRecords, PERSON_SOURCES } from './person-records.repository';
import { actorOf, recordAudit } from '@server/audit/audit.service';

/** Every record of `email`, by kind: the export, as one JSON document. */
export async function findPerson({ db }: Pick<ServiceContext, 'db'>, { email }: { email: string }): Promise<{ email: string; records: Record<string, unknown[]> }> {
  const person = await findPersonRecords(db, email);
  const records: Record<string, unknown[]> = {};
  for (const source of PERSON_SOURCES) records[source.kind] = await source.find(db, person);
  return { email, records };
}

/**
 * Erases every record of `email` in one transaction; the audit row counts them and keeps no copy of
 * the address. A delegate erased leaves the sessions' public pages, so they are read again. On
 * SQLite the overwritten pages are zeroed (db/database.ts) and the write-ahead log, which still
 * held them as they were, is emptied into the file.
 */
export async function erasePerson(deps: ServiceContext, { email }: { email: string }): Promise<Record<string, number>> {
  const actor = actorOf(deps);
  const counts = await changePublicData(deps, ['sessions'], async (trx) => {
    // Who the person was, read before anything of it is erased.
    const person = await findPersonRecords(trx, email);
    const counts: Record<string, number> = {};
    for (const source of PERSON_SOURCES) counts[source.kind] = await source.erase(trx, person);
    const summary = `erased a person's records: ${Object.entries(counts).map(([kind, count]) => `${kind} ${count}`).join(', ')}`;
    await recordAudit(trx, actor, { action: 'delete', entity: 'person', entityId: null, summary });
    return counts;
  });
  checkpointWal(deps.db);
  return counts;
}
