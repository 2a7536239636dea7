// The firm's own texts in other languages, beside the English ones, as JSON per language like the
// events' (migration 241), so a language added later needs no migration: a session's title and
// description, a consultation type's title and description, and a registration question's label,
// help text and choices ({"fr":{"label":…,"helpText":…,"choices":[…]}}). Frozen.
import type { Kysely } from 'kysely';

const TABLES = ['event_sessions', 'consultation_types', 'registration_questions'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await db.schema.alterTable(table).dropColumn('translations').execute();
  }
}
