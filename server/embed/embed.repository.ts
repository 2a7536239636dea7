// The partner widget's settings: the settings group 'embed' (one JSON row, read field by field like
// every settings group). Read from the database on every widget page, so a change made on one
// instance holds on every other at its next request.
import { z } from 'zod';
import type { DB } from '@db/database';
import { readStoredFields } from '@server/core/stored-json';
import { type Params, preparedQuery } from '@db/prepared';

const storedEmbedFields = {
  allowedOrigins: z.array(z.string()),
};
export type StoredEmbedSettings = z.output<z.ZodObject<typeof storedEmbedFields>>;

export const DEFAULT_EMBED_SETTINGS: StoredEmbedSettings = { allowedOrigins: [] };

// Read by every widget page request: prepared once (db/prepared.ts).
const embedQuery = preparedQuery((db, args: Params<{ key: string }>) => db.selectFrom('settings').select('value').where('key', '=', args.key));

export async function readEmbedSettings(db: DB): Promise<StoredEmbedSettings> {
  const row = await embedQuery.first(db, { key: 'embed' });
  return readStoredFields('settings group "embed"', row?.value, storedEmbedFields, DEFAULT_EMBED_SETTINGS);
}

export async function saveEmbedSettings(db: DB, settings: StoredEmbedSettings): Promise<void> {
  const value = JSON.stringify(settings);
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ key: 'embed', value, updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt }))
    .execute();
}

/**
 * The partner sites bookings or consultations were made in (their partner index: bookings_partner_idx,
 * consultations_partner_idx), at most 200, for the staff screens' partner filter.
 */
export async function listPartnersOf(db: DB, table: 'bookings' | 'consultations'): Promise<string[]> {
  const rows = await db.selectFrom(table).select('partner').distinct().where('partner', 'is not', null).orderBy('partner').limit(200).execute();
  return rows.flatMap((row) => (row.partner === null ? [] : [row.partner]));
}
