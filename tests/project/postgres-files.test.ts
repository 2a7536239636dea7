// Which server test files run on PostgreSQL too (`npm run test:pg`) is decided by a rule, not by
// hand: a file carries Vitest's module tag `postgres` (a `// @module-tag` line naming it at the
// top) exactly when it checks SQL that the two dialects
// could answer differently. The rule (docs/architecture.md, Tests):
//   1. every test under db/ (migrations, the dialect layer, search);
//   2. every test that imports the dialect helpers (@tests/support/postgres-env, @tests/support/dialect);
//   3. the test named after a module that builds SQL or opens a transaction (a `*.repository.ts`, or
//      a server module calling `.transaction(`): bookings.repository.ts and bookings.service.ts make
//      bookings.test.ts run on PostgreSQL; such a module without a test of its name is listed in
//      COVERED_BY below with the test that runs its SQL;
//   4. a test whose name says it races (`*-race.test.ts`, `*-concurrency.test.ts`);
//   5. a further test of what the dialects store or match differently (whole-address matching, the
//      limits' counters kept in a PostgreSQL table), listed in ALSO_CHECKS with the module it checks.
// This file fails on a tag missing or one too many, and names the module that asks for it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const TAG = /(\/\/|\*)\s*@module-tag\s+postgres\b/;

/** Modules that build SQL or open a transaction but have no test of their own name: the test that runs their SQL. */
const COVERED_BY: Record<string, string> = {
  'server/embed/embed-settings.service.ts': 'server/embed/embed.test.ts',
  'server/analytics/analytics-collector.repository.ts': 'server/analytics/beacon-collector.test.ts',
  'server/bookings/booking-reminders.repository.ts': 'server/bookings/reminders.test.ts',
  'server/bookings/booking-reminders.service.ts': 'server/bookings/reminders.test.ts',
  'server/bookings/unpaid-bookings.service.ts': 'server/bookings/paid-bookings.test.ts',
  'server/calendars/calendar-refresh.service.ts': 'server/calendars/calendars.test.ts',
  'server/check-in/attendance.repository.ts': 'server/check-in/check-in.test.ts',
  'server/consultations/consultation-reminders.service.ts': 'server/consultations/consultations.test.ts',
  'server/consultations/consultation-types.service.ts': 'server/consultations/consultations.test.ts',
  'server/core/public-changes.ts': 'server/http/public-read-cache.test.ts',
  'server/dashboard/dashboard-week.repository.ts': 'server/dashboard/dashboard.test.ts',
  'server/email/email-log.service.ts': 'server/email/emails.test.ts',
  'server/email/outbox-stats.repository.ts': 'server/monitoring/health.test.ts',
  'server/identity/session.repository.ts': 'server/identity/auth.test.ts',
  'server/identity/setup-links.repository.ts': 'server/identity/first-run.test.ts',
  'server/privacy/person-records.repository.ts': 'server/privacy/privacy.test.ts',
  'server/privacy/privacy-settings.repository.ts': 'server/privacy/retention.test.ts',
  'server/scheduler/claims.repository.ts': 'server/monitoring/system-alerts.test.ts',
  'server/sso/sso-settings.service.ts': 'server/sso/sso.test.ts',
  'server/settings/account-settings.service.ts': 'server/settings/settings.test.ts',
  'server/settings/email-settings.service.ts': 'server/settings/test-email.test.ts',
  'server/webhooks/webhook-delivery.service.ts': 'server/webhooks/webhooks.test.ts',
};

/** Tests beyond the one a module's name gives that check where the dialects store or match differently. */
const ALSO_CHECKS: Record<string, string> = {
  'server/payments/statement-import.test.ts': 'server/payments/payments.repository.ts',
  // A refund is a negative payment: the check migration 2026-11-29_100 changes differs per dialect.
  'server/payments/refunds.test.ts': 'server/payments/payments.repository.ts',
  // The join of invoices to bookings that refuses deleting an invoiced booking.
  'server/bookings/invoiced-bookings.test.ts': 'server/invoices/invoices.repository.ts',
  // The accountant's CSV reads invoices and credit notes with their bookings (listPaymentDocuments).
  'server/payments/payments-export.test.ts': 'server/payments/payments-list.repository.ts',
  'server/privacy/person-matching.test.ts': 'server/privacy/person-records.repository.ts',
  'server/privacy/erasure-traces.test.ts': 'server/privacy/person-records.repository.ts',
  'server/email/sender-erasure.test.ts': 'server/email/outbox.repository.ts',
  'server/identity/sign-in-networks.test.ts': 'server/core/rate-limits.ts',
  'server/sessions/session-prices.test.ts': 'server/sessions/sessions.repository.ts',
  'server/audit/audit-names.test.ts': 'server/audit/audit.repository.ts',
};

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  return (fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }) as string[])
    .map((file) => path.join(folder, file).split(path.sep).join('/'))
    .filter((file) => keep(file) && fs.statSync(path.join(root, file)).isFile());
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const isTest = (file: string) => file.endsWith('.test.ts');
const serverTests = ['server', 'db', 'scripts', 'tests/project'].flatMap((folder) => filesUnder(folder, isTest));

/** Modules whose SQL must run on PostgreSQL: repositories, and server code that opens a transaction. */
const sqlModules = filesUnder('server', (file) => file.endsWith('.ts') && !isTest(file)).filter(
  (file) => file.endsWith('.repository.ts') || /\.transaction\(\)/.test(read(file)),
);

/** Every file the rule asks to run on PostgreSQL, with why. */
function required(): Map<string, string> {
  const why = new Map<string, string>();
  for (const file of serverTests) {
    if (file.startsWith('db/')) why.set(file, 'it is under db/');
    else if (/from '@tests\/support\/(postgres-env|dialect)'/.test(read(file))) why.set(file, 'it imports the dialect helpers');
    else if (/-(race|concurrency)\.test\.ts$/.test(file)) why.set(file, 'its name says it races');
  }
  for (const module of sqlModules) {
    const named = module.replace(/(\.repository|\.service)?\.ts$/, '.test.ts');
    const test = fs.existsSync(path.join(root, named)) ? named : COVERED_BY[module];
    if (test !== undefined && !why.has(test)) why.set(test, `it runs the SQL of ${module}`);
  }
  for (const [test, module] of Object.entries(ALSO_CHECKS)) {
    if (!why.has(test)) why.set(test, `it checks where the dialects differ in ${module}`);
  }
  return why;
}

describe('the PostgreSQL run', () => {
  it('covers every module that builds SQL or opens a transaction (a test of its name, or one in COVERED_BY)', () => {
    const uncovered = sqlModules.filter((module) => {
      const named = module.replace(/(\.repository|\.service)?\.ts$/, '.test.ts');
      return !fs.existsSync(path.join(root, named)) && COVERED_BY[module] === undefined;
    });
    expect(uncovered, 'add a test of that name, or the test that runs its SQL to COVERED_BY').toEqual([]);
  });

  it('names in COVERED_BY only modules and tests that exist', () => {
    for (const [module, test] of Object.entries(COVERED_BY)) {
      expect(sqlModules, `${module} builds no SQL and opens no transaction`).toContain(module);
      expect(fs.existsSync(path.join(root, test)), test).toBe(true);
    }
  });

  it('names in ALSO_CHECKS only tests and modules that exist', () => {
    for (const [test, module] of Object.entries(ALSO_CHECKS)) {
      expect(fs.existsSync(path.join(root, test)), test).toBe(true);
      expect(fs.existsSync(path.join(root, module)), module).toBe(true);
    }
  });

  it('takes exactly the files the rule names (tagged postgres)', () => {
    const why = required();
    const tagged = serverTests.filter((file) => TAG.test(read(file)));
    const missing = [...why].filter(([file]) => !tagged.includes(file)).map(([file, reason]) => `${file} (${reason})`);
    const extra = tagged.filter((file) => !why.has(file));
    expect(missing, `add the line "// @module-tag ${'postgres'}" to`).toEqual([]);
    expect(extra, 'the rule does not ask for these: remove their tag').toEqual([]);
  });
});
