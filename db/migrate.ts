// Runs the migrations in db/migrations/ up to the latest. Used by start-up, scripts and tests alike.
// Migrations are imported statically (not read from disk) so the list is fixed at build time. Both
// dialects' migrations are listed here, once: a migration whose SQL differs has a PostgreSQL form in
// a sibling file (name.postgres.ts), frozen like the rest.
import { type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';
import * as initial from './migrations/2026-11-21_001_initial';
import * as emailOutbox from './migrations/2026-11-21_002_email_outbox';
import * as auditLog from './migrations/2026-11-23_020_audit_log';
import * as homeContent from './migrations/2026-11-23_040_home_content';
import * as notifications from './migrations/2026-11-23_030_notifications';
import * as searchIndex from './migrations/2026-11-23_060_search_index';
import * as searchIndexPostgres from './migrations/2026-11-23_060_search_index.postgres';
import * as rateLimits from './migrations/2026-11-23_080_rate_limits';
import * as setupLinks from './migrations/2026-11-23_090_setup_links';
import * as titleSearchIndex from './migrations/2026-11-23_100_title_search_index';
import * as titleSearchIndexPostgres from './migrations/2026-11-23_100_title_search_index.postgres';
import * as twoFactor from './migrations/2026-11-23_010_two_factor';
import * as outboxStateIndex from './migrations/2026-11-27_120_outbox_state_index';
import * as neutralFirstRun from './migrations/2026-11-27_140_neutral_first_run';
import * as registrationQuestions from './migrations/2026-11-27_160_registration_questions';
import * as answerSearchIndex from './migrations/2026-11-27_170_answer_search_index';
import * as answerSearchIndexPostgres from './migrations/2026-11-27_170_answer_search_index.postgres';
import * as waitlistOffers from './migrations/2026-11-27_180_waitlist_offers';
import * as checkIn from './migrations/2026-11-27_190_check_in';
import * as consultations from './migrations/2026-11-27_200_consultations';
import * as languages from './migrations/2026-11-27_240_languages';
import * as eventTranslations from './migrations/2026-11-27_241_event_translations';
import * as retentionIndex from './migrations/2026-11-27_260_retention_index';
import * as consultationLanguage from './migrations/2026-11-27_275_consultation_language';
import * as firmTextTranslations from './migrations/2026-11-27_276_firm_text_translations';
import * as nativeTypes from './migrations/2026-11-27_290_native_types';
import * as nativeTypesPostgres from './migrations/2026-11-27_290_native_types.postgres';
import * as searchSecureDelete from './migrations/2026-11-27_300_search_secure_delete';
import * as searchSecureDeletePostgres from './migrations/2026-11-27_300_search_secure_delete.postgres';
import * as calendars from './migrations/2026-11-27_340_calendars';
import * as calendarsPostgres from './migrations/2026-11-27_340_calendars.postgres';
import * as sessionPrices from './migrations/2026-11-28_400_session_prices';
import * as apiTokens from './migrations/2026-11-28_430_api_tokens';
import * as apiTokensPostgres from './migrations/2026-11-28_430_api_tokens.postgres';
import * as ssoLogins from './migrations/2026-11-28_450_sso_logins';
import * as ssoLoginsPostgres from './migrations/2026-11-28_450_sso_logins.postgres';
import * as analytics from './migrations/2026-11-28_470_analytics';
import * as analyticsClustered from './migrations/2026-11-28_480_analytics_clustered';
import * as analyticsClusteredPostgres from './migrations/2026-11-28_480_analytics_clustered.postgres';
import * as paidBookings from './migrations/2026-11-28_500_paid_bookings';
import * as paidBookingsPostgres from './migrations/2026-11-28_500_paid_bookings.postgres';
import * as invoices from './migrations/2026-11-28_520_invoices';
import * as invoicesPostgres from './migrations/2026-11-28_520_invoices.postgres';
import * as webhooks from './migrations/2026-11-28_540_webhooks';
import * as webhooksPostgres from './migrations/2026-11-28_540_webhooks.postgres';
import * as payments from './migrations/2026-11-28_600_payments';
import * as paymentsPostgres from './migrations/2026-11-28_600_payments.postgres';
import * as vouchers from './migrations/2026-11-28_620_vouchers';
import * as vouchersPostgres from './migrations/2026-11-28_620_vouchers.postgres';
import * as outboxInvoice from './migrations/2026-11-28_621_outbox_invoice';
import * as partnerAttribution from './migrations/2026-11-28_640_partner_attribution';
import * as refundPayments from './migrations/2026-11-29_100_refund_payments';
import * as refundPaymentsPostgres from './migrations/2026-11-29_100_refund_payments.postgres';
import * as paymentsList from './migrations/2026-11-29_120_payments_list';
import * as paymentsListPostgres from './migrations/2026-11-29_120_payments_list.postgres';
import * as eventImageFocus from './migrations/2026-11-29_200_event_image_focus';
import * as webhookLogById from './migrations/2026-11-29_210_webhook_log_by_id';
import * as consultationsPartnerIndex from './migrations/2026-11-29_220_consultations_partner_index';
import { isPostgres } from './postgres';

/** A migration the same on both dialects, or in two forms: `name.ts` for SQLite, `name.postgres.ts`. */
type Listed = Migration | { sqlite: Migration; postgres: Migration };

const migrations: Record<string, Listed> = {
  '2026-11-21_001_initial': initial,
  '2026-11-21_002_email_outbox': emailOutbox,
  '2026-11-23_010_two_factor': twoFactor,
  '2026-11-23_020_audit_log': auditLog,
  '2026-11-23_030_notifications': notifications,
  '2026-11-23_040_home_content': homeContent,
  '2026-11-23_060_search_index': { sqlite: searchIndex, postgres: searchIndexPostgres },
  '2026-11-23_080_rate_limits': rateLimits,
  '2026-11-23_090_setup_links': setupLinks,
  '2026-11-23_100_title_search_index': { sqlite: titleSearchIndex, postgres: titleSearchIndexPostgres },
  '2026-11-27_120_outbox_state_index': outboxStateIndex,
  '2026-11-27_140_neutral_first_run': neutralFirstRun,
  '2026-11-27_160_registration_questions': registrationQuestions,
  '2026-11-27_170_answer_search_index': { sqlite: answerSearchIndex, postgres: answerSearchIndexPostgres },
  '2026-11-27_180_waitlist_offers': waitlistOffers,
  '2026-11-27_190_check_in': checkIn,
  '2026-11-27_200_consultations': consultations,
  '2026-11-27_240_languages': languages,
  '2026-11-27_241_event_translations': eventTranslations,
  '2026-11-27_260_retention_index': retentionIndex,
  '2026-11-27_275_consultation_language': consultationLanguage,
  '2026-11-27_276_firm_text_translations': firmTextTranslations,
  // Converts PostgreSQL's text times and integer flags to timestamptz and boolean: keep it last.
  '2026-11-27_290_native_types': { sqlite: nativeTypes, postgres: nativeTypesPostgres },
  '2026-11-27_300_search_secure_delete': { sqlite: searchSecureDelete, postgres: searchSecureDeletePostgres },
  // Later tables take PostgreSQL's native types in their own form.
  '2026-11-27_340_calendars': { sqlite: calendars, postgres: calendarsPostgres },
  '2026-11-28_400_session_prices': sessionPrices,
  '2026-11-28_430_api_tokens': { sqlite: apiTokens, postgres: apiTokensPostgres },
  '2026-11-28_450_sso_logins': { sqlite: ssoLogins, postgres: ssoLoginsPostgres },
  '2026-11-28_470_analytics': analytics,
  '2026-11-28_480_analytics_clustered': { sqlite: analyticsClustered, postgres: analyticsClusteredPostgres },
  '2026-11-28_500_paid_bookings': { sqlite: paidBookings, postgres: paidBookingsPostgres },
  '2026-11-28_520_invoices': { sqlite: invoices, postgres: invoicesPostgres },
  '2026-11-28_540_webhooks': { sqlite: webhooks, postgres: webhooksPostgres },
  '2026-11-28_600_payments': { sqlite: payments, postgres: paymentsPostgres },
  '2026-11-28_620_vouchers': { sqlite: vouchers, postgres: vouchersPostgres },
  '2026-11-28_621_outbox_invoice': outboxInvoice,
  '2026-11-28_640_partner_attribution': partnerAttribution,
  '2026-11-29_100_refund_payments': { sqlite: refundPayments, postgres: refundPaymentsPostgres },
  '2026-11-29_120_payments_list': { sqlite: paymentsList, postgres: paymentsListPostgres },
  '2026-11-29_200_event_image_focus': eventImageFocus,
  '2026-11-29_210_webhook_log_by_id': webhookLogById,
  '2026-11-29_220_consultations_partner_index': consultationsPartnerIndex,
};

function forDialect(dialect: 'sqlite' | 'postgres', events: MigrationEvents): MigrationProvider {
  const list = Object.fromEntries(
    Object.entries(migrations).map(([name, listed]) => {
      const migration = 'up' in listed ? listed : listed[dialect];
      // Told when a migration starts, so the page shown meanwhile and /readyz can name it.
      const up = async (db: Kysely<any>) => {
        events.onStart?.(name);
        await migration.up(db);
      };
      return [name, { ...migration, up }];
    }),
  );
  return { getMigrations: () => Promise.resolve(list) };
}

/** Every migration this build knows, by name: the database is current when it has run them all. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

/** What start-up hears while the database is updated (the upgrade page, /readyz and the log). */
export interface MigrationEvents {
  /** Once, before anything runs: the migrations this database has not run yet. */
  onPending?(names: string[]): void;
  onStart?(name: string): void;
  /** A migration ran and was recorded (committed), `ms` after it started. */
  onDone?(name: string, ms: number): void;
  /** Asked before each migration: true stops there (a shutdown was asked for). */
  shouldStop?(): boolean;
}

export interface MigrationRun {
  ran: { name: string; ms: number }[];
  /** Stopped by shouldStop before every migration had run. */
  stopped: boolean;
}

export async function migrateToLatest(db: Kysely<any>, events: MigrationEvents = {}): Promise<MigrationRun> {
  return migrate(db, events, () => true);
}

/** Runs the migrations up to and including `name` (tests: a database as an earlier version left it). */
export async function migrateUpTo(db: Kysely<any>, name: string): Promise<void> {
  const last = MIGRATION_NAMES.indexOf(name);
  if (last < 0) throw new Error(`No migration named ${name}`);
  await migrate(db, {}, (next) => MIGRATION_NAMES.indexOf(next) <= last);
}

/**
 * One migration at a time, each in a transaction of its own with its row in kysely_migration:
 * a migration either ran and is recorded, or left nothing, so a start that is stopped or fails
 * half-way keeps what it finished and the next start goes on from there (before, PostgreSQL ran
 * them all in one transaction, and a SIGTERM at the last one undid every one).
 */
async function migrate(db: Kysely<any>, events: MigrationEvents, wanted: (name: string) => boolean): Promise<MigrationRun> {
  const postgres = isPostgres(db);
  // On PostgreSQL the bookkeeping tables go in the schema the app works in (the first on its search
  // path): Kysely would otherwise take another schema's tables of the same name for its own.
  const migrationTableSchema = postgres
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db: migrationTableSchema === undefined ? db : withIntrospectionOf(db, migrationTableSchema),
    provider: forDialect(postgres ? 'postgres' : 'sqlite', events),
    ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }),
  });
  // A database a later release has updated is refused before anything is announced or run: this
  // release's migrations are not "to run" on it (Kysely would refuse it at the first step anyway).
  const unknown = (await executedMigrations(db, migrationTableSchema)).filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length > 0) {
    throw new Error(`the database was updated by a later release of the site (it ran ${unknown.join(', ')}, which this release does not know)`);
  }
  const pending = (await migrator.getMigrations()).filter((info) => info.executedAt === undefined).map((info) => info.name);
  events.onPending?.(pending.filter(wanted));
  const run: MigrationRun = { ran: [], stopped: false };
  // migrateUp runs the next migration not run yet (under Kysely's lock on PostgreSQL, so another
  // instance may have run some meanwhile: its result names the one it ran). The list is not asked
  // for again at each step: Kysely's introspection reads every schema of the database, and a schema
  // dropped meanwhile (test schemas, in parallel runs) fails that read.
  for (;;) {
    const next = pending[run.ran.length];
    if (next === undefined || !wanted(next)) return run;
    if (events.shouldStop?.() === true) return { ...run, stopped: true };
    const started = performance.now();
    // PostgreSQL: Kysely runs the step in a transaction under its migration lock. SQLite: Kysely
    // uses none, so the step runs inside one here (SQLite's DDL is transactional too).
    const { error, results } = postgres ? await migrator.migrateUp() : await inSqliteTransaction(db, () => migrator.migrateUp());
    const failed = results?.find((result) => result.status === 'Error');
    if (error !== undefined || failed !== undefined) {
      const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '));
    }
    const done = results?.find((result) => result.status === 'Success')?.migrationName;
    // Nothing left to run: another instance ran the rest.
    if (done === undefined) return run;
    const ms = performance.now() - started;
    run.ran.push({ name: done, ms });
    events.onDone?.(done, ms);
  }
}

/** The migrations recorded as run in the database (none when it has no migration table yet). */
async function executedMigrations(db: Kysely<any>, schema: string | undefined): Promise<string[]> {
  const table = sql.table(schema === undefined ? 'kysely_migration' : `${schema}.kysely_migration`);
  try {
    return (await sql<{ name: string }>`select name from ${table}`.execute(db)).rows.map((row) => row.name);
  } catch {
    return [];
  }
}

/**
 * `db` whose introspection sees `schema` alone. Kysely's migrator asks whether its tables exist by
 * listing the tables of every schema in the database, which fails when another schema is dropped
 * meanwhile (parallel test runs, each in a schema of its own, drop theirs as they end).
 */
function withIntrospectionOf(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Runs `step` between BEGIN and COMMIT on the SQLite connection (ROLLBACK when its result says it failed). */
async function inSqliteTransaction(db: Kysely<any>, step: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  await sql`begin immediate`.execute(db);
  let result: MigrationResultSet;
  try {
    result = await step();
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
  const failed = result.error !== undefined || result.results?.some((entry) => entry.status === 'Error') === true;
  await sql.raw(failed ? 'rollback' : 'commit').execute(db);
  return result;
}
