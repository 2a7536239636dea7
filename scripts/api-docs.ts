// Writes docs/api.md from the routers themselves: every procedure's name, kind, who may call it
// (from the builder it is made from) and its description (its `.meta({ description })`), with its
// input read off its zod schema. `npm run docs:api` writes the file; `npm run docs:api -- --check`
// (run by CI) fails when the committed file is not what the routers say, or a procedure has no
// description.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { appRouter } from '@server/router';
import type { ProcedureMeta } from '@server/trpc/init';
import { API_SCOPES } from '@server/api-tokens/api-tokens.schemas';


/** How another tool receives and checks webhooks, and what each event carries. */
const WEBHOOKS_SECTION = [
  '## Webhooks',
  '',
  'Admins add webhook endpoints in Settings > Integrations (`webhooks.create`, below), each with the',
  'events it wants. When one happens the site POSTs JSON to the endpoint, signed per the',
  '[Standard Webhooks](https://www.standardwebhooks.com/) specification: headers `webhook-id` (`msg_...`,',
  'the same for every retry and redelivery: drop repeats by it), `webhook-timestamp` (Unix seconds) and',
  '`webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the endpoint\'s `whsec_...`',
  'secret, answered once by `webhooks.create`). Answer 2xx within `WEBHOOK_TIMEOUT_S` (10 s by default)',
  'to take it; anything else is retried after 1, 5 and 15 minutes, then hourly, for a day. Events of one',
  'booking (consultation, contact message) arrive in the order they happened. An endpoint that fails for',
  'a day is turned off and the admins are told. The body is `{ "type", "timestamp", "data" }`:',
  '',
  '| event | `data` |',
  '|---|---|',
  '| `booking.created` | `id`, `eventId`, `sessionId`, `timeSlotId`, `status` (`pending`, `confirmed` or `waitlisted`), `previousStatus` (null), `bookingDate`, `language`, `participant` { `name`, `email`, `phone` } |',
  '| `booking.status_changed` | `id`, `eventId`, `sessionId`, `timeSlotId`, `status`, `previousStatus`, `bookingDate` (no personal data) |',
  '| `booking.cancelled` | as `booking.status_changed`, `status` `cancelled`; `removed: true` when staff deleted it |',
  '| `consultation.booked` | `id`, `typeId`, `consultantId`, `status`, `startsAt`, `endsAt`, `language`, `visitor` { `name`, `email`, `phone`, `company` } |',
  '| `consultation.rescheduled` | `id`, `typeId`, `consultantId`, `status`, `startsAt`, `endsAt`, `previousStartsAt`, `previousEndsAt` |',
  '| `consultation.cancelled` | `id`, `typeId`, `consultantId`, `status`, `startsAt`, `endsAt` |',
  '| `contact.received` | `id`, `name`, `email`, `company`, `message`, `createdAt` |',
  '| `payment.received` | `id` (the payment\'s), `bookingId`, `amountMinor` (cents), `currency`, `paidOn` (YYYY-MM-DD), `method` (`bank_transfer`), `source` (`manual` or `statement`), `paymentReference` (no personal data) |',
  '| `payment.refunded` | `id` (the refund\'s payment row), `bookingId`, `amountMinor` (negative, cents), `currency`, `refundedOn` (YYYY-MM-DD), `method` (`bank_transfer`), `paymentReference` (no personal data) |',
  '',
  'A receiver checks each request with the `standardwebhooks` package (or any Standard Webhooks',
  'library) on the raw body, before parsing it:',
  '',
  '```ts',
  "import { Webhook } from 'standardwebhooks';",
  '',
  'const webhook = new Webhook(process.env.WEBHOOK_SECRET); // whsec_...',
  '// Throws when the signature does not match or the timestamp is more than 5 minutes off.',
  'const event = webhook.verify(rawBody, request.headers) as { type: string; timestamp: string; data: unknown };',
  '```',
  '',
];

const OUTPUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'api.md');

export interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
  meta?: ProcedureMeta;
}

/** The flat record tRPC keeps of every procedure, keyed by its dotted path. */
export function proceduresOf(router: unknown): [string, ProcedureDef][] {
  const record = (router as { _def: { procedures: Record<string, { _def: ProcedureDef }> } })._def.procedures;
  return Object.entries(record).map(([name, procedure]) => [name, procedure._def]);
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  additionalProperties?: JsonSchema | boolean;
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function range(min: number | undefined, max: number | undefined, unit = ''): string {
  const low = min !== undefined && min > 0 ? min : undefined;
  const high = max !== undefined && max < MAX_SAFE ? max : undefined;
  if (low !== undefined && high !== undefined) return low === high ? ` (${low}${unit})` : ` (${low} to ${high}${unit})`;
  if (low !== undefined) return ` (at least ${low}${unit})`;
  if (high !== undefined) return ` (at most ${high}${unit})`;
  return '';
}

/** One schema as a short TypeScript-like type, constraints in brackets, nested objects indented. */
function describe(schema: JsonSchema, indent: string): string {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) return alternatives.map((item) => describe(item, indent)).join(' | ');
  if (schema.allOf !== undefined) return schema.allOf.map((item) => describe(item, indent)).join(' & ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum !== undefined) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return '{}';
      const required = new Set(schema.required ?? []);
      const inner = `${indent}  `;
      const lines = properties.map(([name, property]) => {
        const fallback = property.default === undefined ? '' : ` = ${JSON.stringify(property.default)}`;
        return `${inner}${name}${required.has(name) ? '' : '?'}: ${describe(property, inner)}${fallback}`;
      });
      return `{\n${lines.join(',\n')}\n${indent}}`;
    }
    case 'array':
      return `${schema.items === undefined ? 'unknown' : wrap(describe(schema.items, indent))}[]${range(schema.minItems, schema.maxItems, ' items')}`;
    case 'string':
      return `${schema.format === undefined ? 'string' : `string<${schema.format}>`}${range(schema.minLength, schema.maxLength, ' characters')}`;
    case 'integer':
    case 'number':
      return `${type}${range(schema.minimum, schema.maximum)}`;
    case undefined:
      return 'unknown';
    default:
      return type;
  }
}

function wrap(text: string): string {
  return text.includes(' | ') ? `(${text})` : text;
}

function inputOf(definition: ProcedureDef): string {
  if (definition.inputs.length === 0) return 'none';
  const parts = definition.inputs.map((input) => {
    if (!(input instanceof z.ZodType)) return 'unknown';
    return describe(z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema, '');
  });
  return parts.join(' & ');
}

/** The HTTP routes beside tRPC (server/http/), written by hand: they have no schema to read. */
const OTHER_ROUTES = [
  '## Beside tRPC',
  '',
  '- **CSV exports** (signed-in staff): `GET /api/export/bookings.csv` and `GET /api/export/contacts.csv`',
  '  take the list filters as query parameters (`search`, `status`, and `eventId`, `sessionId`,',
  '  `timeSlotId`, `from`, `to` for bookings) and stream every matching row. Cells that a spreadsheet',
  '  would read as a formula are prefixed with an apostrophe. Each export is audited before the file leaves.',
  "- **Payments CSV for the accountant** (signed-in staff): `GET /api/exports/payments.csv` takes",
  "  `payments.list`'s filters (`status`, `from`, `to`, `search`) and streams one line per invoice and",
  "  per credit note, in the order issued (from/to select each by its own date): `Invoice Number`,",
  "  `Invoice Date`, `Kind`, `Buyer Company`, `Buyer Name`, `Net`, `Tax`, `Gross` (decimals with a point,",
  "  negative on a credit note), `Currency`, `Payment Reference`, `Due Date`, `Paid On`, `Status`. A bad",
  "  filter answers 400 with its message, no session 401.",
  '- **Invoices** (signed-in staff, or a visitor with a manage token): `GET /api/invoices/<number>.pdf`',
  '  (`INV-2026-00042.pdf`, `CN-2026-00003.pdf`) answers the invoice or credit note as `application/pdf`,',
  "  `Cache-Control: no-store`, to any signed-in staff member. A visitor adds their booking's manage",
  "  token, `?manage=<token>`, and gets only that booking's documents. Every other request, and a number",
  '  that does not exist, answers 404 `{ "error": { "message": "Not found." } }`.',
  '- **Bank statements** (signed-in staff): `POST /api/payments/statement`, multipart with one field',
  '  `file` (at most 5 MB): a CAMT.053 statement (XML, any version) or a CSV with a header row naming a',
  '  date, an amount and a reference column (English, German or French names; `;`, `,` or tab; decimal',
  '  comma or point; UTF-8 or Windows-1252). A credit line whose text carries an awaiting booking\'s',
  '  payment reference (check digits valid; spaces and case ignored) and whose amount is the booking\'s',
  '  total pays it as `payments.markPaid` does (source `statement`). Answers `{ format, lines, paid,',
  '  alreadyImported, outgoing, unmatched }`: `paid` and `unmatched` list lines (`position`, `bookedOn`,',
  '  `amountMinor`, `currency`, `reference`, `bookingId`, `text`), each unmatched one with its `reason`',
  '  (`unreadable`, `no-reference`, `invalid-reference`, `unknown-reference`, `amount-mismatch`,',
  '  `already-paid`, `not-payable`). A line that paid a booking is never paid again (`alreadyImported`).',
  '  A file that is not a statement answers 400 with the reason, a larger one 413, no session 401.',
  '- **Uploads** (signed-in staff): `POST /api/uploads?kind=image|video|avatar`, multipart with one field',
  '  `file`, answers `{ "url": "/uploads/<random name>" }`, which event, delegate and avatar fields then',
  "  hold. The type is read from the file's content (PNG, JPEG, GIF; MP4, MOV, AVI for video), the size",
  "  checked against the kind's limit (image 10 MB, video 100 MB, avatar 1 MB) and the Maximum File",
  '  Upload Size setting. A picture must be one a decoder reads, with a canvas of at most 40 megapixels',
  '  (8000 x 5000): a file of a few hundred bytes can claim 16,000 x 16,000 pixels, which resizing would',
  '  decode into gigabytes. Each stored upload is audited (kind and size).',
  "- **Resized pictures**: `GET /uploads/w/<width>/<name>.webp` makes a WebP copy of an uploaded picture",
  '  with sharp on its first request, keeps it in `DATA_DIR/image-variants/` and serves it as immutable;',
  '  copies are made two at a time, whoever asks, and refuse a larger canvas too.',
  '- **Beacon**: `POST /api/beacon` (public, same origin, `text/plain` or JSON, at most 2 KB): a page',
  "  view or a booking step, `{ p: path, s?: step, e?: eventId, l?: language, ref?, us?, um?, uc? }`",
  "  (the referrer's host and the landing page's utm_source, utm_medium, utm_campaign). Always 204;",
  '  dropped unless well-formed and sent by a visitor without DNT or Sec-GPC, not a bot, not signed in.',
  '- **Calendar feed**: `GET /events.ics` (public, `text/calendar; charset=utf-8`): one event per upcoming',
  '  time slot of the active sessions of active events, with a stable UID per slot.',
  '- **Booking widget** (partner sites): `GET /embed.js` (public, `text/javascript`, loadable by other',
  "  sites) puts an iframe of `/embed/booking/<eventId>` or `/embed/consultation` (under `/fr/` in French)",
  '  in the partner\'s page and sizes it from the `booking-widget:height` messages the frame posts to the',
  "  partner's origin. Those pages answer with `frame-ancestors` listing the sites set with",
  "  `settings.updateEmbed` (none: `'none'`); `bookings.create` and `consultations.book` take",
  "  `partner` (the framing site's origin), kept only when it is an allowed site.",
  '- **Search engines**: `GET /robots.txt` and `GET /sitemap.xml` (the home page, the booking page and',
  "  each active event's page, `/events/<id>`, and its booking page).",
  "- **Single sign-on** (staff, OpenID Connect): `GET /auth/sso/start?redirect=/admin/...` keeps a",
  '  sign-in for ten minutes (state, nonce, PKCE verifier), sets the `sso_state` cookie and sends the',
  "  browser (303) to the identity provider set with `settings.updateSso`. The provider sends it back to",
  "  `GET /auth/sso/callback`, which takes the state once, checks the answer with openid-client (issuer,",
  '  audience, expiry, nonce, signature) and signs in the account whose verified e-mail matches: 303 to',
  '  the page asked for with the session cookie, to `/admin/login?step=code` with the two-factor cookie',
  "  when the account's second factor is due (the ID token's `amr` lacks `mfa`), or to",
  '  `/admin/login?sso=failed|unverified|no-account|off` saying why not. Every outcome is audited.',
];

const ACCESS_TEXT = { public: 'anyone', staff: 'signed-in staff (user or admin)', admin: 'admins' } as const;

export function renderApiDoc(): { markdown: string; problems: string[] } {
  const problems: string[] = [];
  const byRouter = new Map<string, [string, ProcedureDef][]>();
  for (const [name, definition] of proceduresOf(appRouter)) {
    const routerName = name.split('.')[0] ?? name;
    byRouter.set(routerName, [...(byRouter.get(routerName) ?? []), [name, definition]]);
  }
  const lines = [
    '# API reference',
    '',
    '<!-- Generated by `npm run docs:api` from the routers (scripts/api-docs.ts); do not edit by hand. -->',
    '',
    'tRPC v11 at `/api/trpc`, without a data transformer: a query is',
    '`GET /api/trpc/<procedure>?input=<url-encoded JSON>`, a mutation is `POST /api/trpc/<procedure>`',
    'with the JSON input as its body (`content-type: application/json`). Answers are',
    '`{"result":{"data":...}}` or `{"error":{"message":...,"data":{"code":"BAD_REQUEST","fieldErrors":{...}}}}`.',
    'Timestamps are UTC ISO strings and ids are strings. Who may call: anyone; signed-in staff (an',
    'anonymous caller gets `UNAUTHORIZED`); admins (a signed-in user gets `FORBIDDEN`).',
    '',
    'Every input is checked on the server against the zod schema shown (the `*.schemas.ts` files of each domain in `server/`,',
    "which the client's forms reuse, so a field's message is the same on both sides): bad input is",
    '`BAD_REQUEST` with the field messages, never a 500, and a missing row is `NOT_FOUND`. An error\'s',
    '`message` and `fieldErrors` are English; beside them `data.messageKey`, `data.messageValues` and',
    '`data.fieldMessageKeys` (each field\'s first message as `{ key, values }`) name the messages in the',
    'site\'s catalogs (`server/shared/i18n/catalogs/`), so a client can say them in its own language',
    '(`messageKey` is null for a refusal no catalog says, such as an unknown procedure). Lists take',
    '`{ search?, status?, page?, pageSize? }` plus their own filters and answer `{ items, total }`.',
    'POST bodies must be `application/json` and at most 1 MiB, a batch holds at most 10 calls, and a',
    "browser's mutation must come from the site's own origin (`Origin` matching `PUBLIC_ORIGIN`);",
    'requests without an `Origin` (curl, scripts) carry no browser cookies and are accepted.',
    '',
    '```sh',
    '# public reads',
    "curl -s 'http://127.0.0.1:3000/api/trpc/events.list'",
    "curl -s 'http://127.0.0.1:3000/api/trpc/timeSlots.listBySession?input=%7B%22sessionId%22%3A%22<id>%22%7D'",
    '',
    '# book a slot (the server derives event and session from the slot)',
    'curl -s -X POST http://127.0.0.1:3000/api/trpc/bookings.create \\',
    "  -H 'content-type: application/json' \\",
    '  -d \'{"timeSlotId":"<slot id>","participantName":"Ama Boateng","participantEmail":"ama@example.com"}\'',
    '',
    '# sign in, keep the session cookie, call a staff procedure',
    'curl -s -c cookies.txt -X POST http://127.0.0.1:3000/api/trpc/auth.signIn \\',
    '  -H \'content-type: application/json\' -d \'{"email":"admin@example.com","password":"..."}\'',
    "curl -s -b cookies.txt 'http://127.0.0.1:3000/api/trpc/bookings.stats'",
    '```',
    '',
    '## API tokens',
    '',
    'Another tool (a CRM) calls the same procedures with an API token an admin made in Settings >',
    'Integrations (`apiTokens.create`), sent as `Authorization: Bearer <token>`. A token acts as the',
    'admin who made it, with that account\'s current rights, and reaches only the procedures whose',
    'scope it holds (each says "Token scope" below); any other is `FORBIDDEN` ("This API token\'s scopes',
    'do not allow this call."). An unknown, revoked or expired token is `UNAUTHORIZED`; a revoke holds',
    'at the next request on every instance. A bearer call never reads cookies, so it may come from any',
    'origin; a token in the address (a query string) is refused with 400, and each token may make 600',
    'calls a minute (then `TOO_MANY_REQUESTS`). Scopes: ' + API_SCOPES.map((scope) => `\`${scope}\``).join(', ') + '.',
    '',
    '```sh',
    "curl -s -H 'Authorization: Bearer api_...' 'http://127.0.0.1:3000/api/trpc/bookings.list?input=%7B%7D'",
    '```',
    '',
    '### REST',
    '',
    'Every procedure a scope opens is also a REST operation under `/api/v1` (each says "REST" below),',
    'generated from the routers (trpc-to-openapi) and described by the OpenAPI 3.1 document at',
    '[`/api/openapi.json`](/api/openapi.json), which API tools (Postman, Swagger UI, code generators) read.',
    'Query parameters for reads (numbers as text), a JSON body for changes, the JSON of the answer',
    'as it is (no tRPC envelope); errors are `{ message, code }` with the HTTP status of the code, and',
    'bad input also lists its `issues`. The same token, scopes, rights, limits and audit apply; a REST',
    'call without a token is refused with 401 (the REST face never reads a session cookie).',
    '',
    '```sh',
    "curl -s -H 'Authorization: Bearer api_...' 'http://127.0.0.1:3000/api/v1/bookings?status=pending&pageSize=50'",
    "curl -s -X PUT -H 'Authorization: Bearer api_...' -H 'Content-Type: application/json' \\",
    "  -d '{\"status\":\"confirmed\"}' 'http://127.0.0.1:3000/api/v1/bookings/<id>/status'",
    '```',
    '',
    ...WEBHOOKS_SECTION,
  ];
  for (const [routerName, procedures] of byRouter) {
    lines.push(`## ${routerName}`, '');
    for (const [name, definition] of procedures) {
      const access = definition.meta?.access;
      const description = definition.meta?.description;
      if (access === undefined) problems.push(`${name}: not made from publicProcedure, staffProcedure or adminProcedure`);
      if (description === undefined || description.trim() === '') problems.push(`${name}: no .meta({ description })`);
      lines.push(
        `### \`${name}\``,
        '',
        `${definition.type === 'query' ? 'Query' : 'Mutation'}, ${access === undefined ? 'unknown access' : ACCESS_TEXT[access]}.${
          description === undefined ? '' : ` ${description}`
        }${definition.meta?.scope === undefined ? '' : ` Token scope: \`${definition.meta.scope}\`.`}${
          definition.meta?.openapi === undefined ? '' : ` REST: \`${definition.meta.openapi.method} /api/v1${definition.meta.openapi.path}\`.`
        }`,
        '',
        '```ts',
        inputOf(definition),
        '```',
        '',
      );
    }
  }
  lines.push(...OTHER_ROUTES);
  return { markdown: `${lines.join('\n').trimEnd()}\n`, problems };
}

function main(): void {
  const check = process.argv.includes('--check');
  const { markdown, problems } = renderApiDoc();
  if (problems.length > 0) {
    console.error(`The API reference cannot be written:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  if (check) {
    const current = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : '';
    if (current !== markdown) {
      console.error('docs/api.md does not match the routers: run `npm run docs:api` and commit the result.');
      process.exit(1);
    }
    console.log('docs/api.md matches the routers.');
    return;
  }
  fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
  fs.writeFileSync(OUTPUT, markdown);
  console.log(`Wrote ${path.relative(process.cwd(), OUTPUT)}.`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
