// The layer rules of eslint.config.js, proved on probe files: each import or query a layer must not
// make is refused (by the rule that names it), and the same file written the right way passes; so
// are a schema's message written as a sentence instead of by key, and a public page showing the
// API's message without its translator. The probes are linted as text under a path inside the
// project; nothing is written.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages ESLint gives `code` as if it were the file at `file` (relative to the project). */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

const ROUTE_MESSAGE = 'Routers, routes and pages call services';

describe('layer rules', () => {
  it.each([
    ['a router importing a repository', 'server/bookings/probe.router.ts', "import { findBooking } from './bookings.repository';\nexport const probe = findBooking;\n", ROUTE_MESSAGE],
    ['a Fastify route importing a repository', 'server/uploads/probe.route.ts', "import { getSystemSettings } from '@server/settings/settings.repository';\nexport const probe = getSystemSettings;\n", ROUTE_MESSAGE],
    ['a page handler importing a repository', 'server/pages/probe.ts', "import { findEvent } from '@server/events/events.repository';\nexport const probe = findEvent;\n", ROUTE_MESSAGE],
    ['the HTTP plumbing importing Kysely', 'server/http/probe.ts', "import { sql } from 'kysely';\nexport const probe = sql;\n", ROUTE_MESSAGE],
    ['a repository importing a service type', 'server/bookings/probe.repository.ts', "import type { BookingChange } from './bookings.service';\nexport type Probe = BookingChange;\n", 'A repository imports no service'],
    ['a service building a query', 'server/bookings/probe.service.ts', "import type { DB } from '@db/database';\nexport const probe = (db: DB) => db.selectFrom('bookings').selectAll().execute();\n", 'Queries are built in a repository'],
    ['a service writing raw SQL', 'server/bookings/probe.service.ts', "import { sql } from 'kysely';\nexport const probe = sql`select 1`;\n", 'Raw SQL belongs in a repository'],
    ['a schema importing a service', 'server/bookings/probe.schemas.ts', "import { createBooking } from './bookings.service';\nexport const probe = createBooking;\n", 'A schema file imports other schemas'],
    ['a schema importing server code by alias', 'server/bookings/probe.schemas.ts', "import { newId } from '@server/core/ids';\nexport const probe = newId;\n", 'Shared code (server/shared/, *.schemas.ts) runs in the browser too'],
    ['shared code importing Node', 'server/shared/probe.ts', "import fs from 'node:fs';\nexport const probe = fs;\n", 'Shared code (server/shared/, *.schemas.ts) runs in the browser too'],
    ['the client importing a service', 'client/features/booking/probe.ts', "import { buildIcs } from '@server/email/enqueue.service';\nexport const probe = buildIcs;\n", 'The client imports only shared server code'],
    ['the client importing the database', 'client/features/booking/probe.ts', "import { openDatabase } from '@db/database';\nexport const probe = openDatabase;\n", 'The client imports only shared server code'],
    ['the server importing client source', 'server/bookings/probe.service.ts', "import { theme } from '@client/theme';\nexport const probe = theme;\n", 'The server uses the built client'],
    ['a parent-relative import', 'server/bookings/probe.service.ts', "import { newId } from '../core/ids';\nexport const probe = newId;\n", 'Name a module outside this folder by its alias'],
    ['a parent-relative import in a test', 'tests/client/probe.test.tsx', "import { futureYear } from '../dates';\nexport const probe = futureYear;\n", 'Name a module outside this folder by its alias'],
    ['a schema message written as an English sentence', 'server/bookings/probe.schemas.ts', "import { z } from 'zod';\nexport const probe = z.string().min(1, 'Name is required');\n", "Say a schema's message with keyed"],
    ['a refinement message written as an English sentence', 'server/shared/probe.ts', "import { z } from 'zod';\nexport const probe = z.string().refine((value) => value !== '', { message: 'Name is required' });\n", "Say a schema's message with keyed"],
    ["a public page showing the API's message without its translator", 'client/features/booking/probe.ts', "import { messageOf } from '@client/trpc';\nexport const probe = (error: unknown) => messageOf(error, 'Please try again.');\n", 'A public page passes its translator'],
  ])('refuses %s', async (_what, file, code, expected) => {
    const found = await problems(file, code);
    expect(found.some((message) => message.includes(expected))).toBe(true);
  });

  it.each([
    ['a router calling a service', 'server/bookings/probe.router.ts', "import { createBooking } from './bookings.service';\nexport const probe = createBooking;\n"],
    ['a service calling a repository', 'server/bookings/probe.service.ts', "import { findBooking } from './bookings.repository';\nexport const probe = findBooking;\n"],
    ['a repository building a query', 'server/bookings/probe.repository.ts', "import type { DB } from '@db/database';\nexport const probe = (db: DB) => db.selectFrom('bookings').selectAll().execute();\n"],
    ['a schema importing schemas and shared code', 'server/bookings/probe.schemas.ts', "import { createBookingInput } from './bookings.schemas';\nimport { formatSlot } from '@server/shared/time';\nimport { BOOKING_STATUSES } from '@db/schema';\nexport const probe = [createBookingInput, formatSlot, BOOKING_STATUSES];\n"],
    ['the client importing shared code, schemas and the router type', 'client/features/booking/probe.ts', "import type { AppRouter } from '@server/router';\nimport { formatSlot } from '@server/shared/time';\nimport { createBookingInput } from '@server/bookings/bookings.schemas';\nexport type Probe = AppRouter;\nexport const probe = [formatSlot, createBookingInput];\n"],
    ['a schema message said by key', 'server/bookings/probe.schemas.ts', "import { z } from 'zod';\nimport { keyed } from '@server/shared/i18n/schema-messages';\nexport const probe = z.string().min(1, keyed('validation.nameRequired', 'Name is required'));\n"],
    ["the back office showing the API's message in the server's English", 'client/features/admin/probe.ts', "import { messageOf } from '@client/trpc';\nexport const probe = (error: unknown) => messageOf(error, 'Please try again.');\n"],
  ])('allows %s', async (_what, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
