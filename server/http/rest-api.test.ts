// The REST face (/api/v1, trpc-to-openapi): every procedure an API token's scope opens is there with
// its OpenAPI description; a token reaches it within its scopes, with the same answers, field errors
// and audit as over /api/trpc; no token, no call; the outputs documented are the DTOs' whole shape.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ApiScope } from '@server/api-tokens/api-tokens.schemas';
import type { bookingListItemOutput, bookingOutput, bookingStatsOutput } from '@server/bookings/bookings.schemas';
import type { BookingDto, BookingListItem, BookingStats } from '@server/bookings/bookings.repository';
import type { contactOutput, contactStatsOutput } from '@server/contacts/contacts.schemas';
import type { ContactDto, ContactStats } from '@server/contacts/contacts.repository';
import type { consultationCalendarOutput, staffConsultationOutput } from '@server/consultations/consultations.schemas';
import type { consultationCalendar, StaffConsultationItem } from '@server/consultations/consultation-list.service';
import type { eventOutput } from '@server/events/events.schemas';
import type { EventDto } from '@server/events/events.repository';
import { appRouter } from '@server/router';
import { SESSION_COOKIE } from '@server/identity/session.service';
import type { ProcedureMeta } from '@server/trpc/init';
import { procedureMetas } from '@server/trpc/procedure-metas';
import { buildTestApp, createTestEnv, eventInput, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';

const NO_TOKEN = 'The REST API takes an API token: send it as Authorization: Bearer <token>.';

let env: TestEnv;
let callers: RoleCallers;
let app: FastifyInstance;

beforeEach(async () => {
  env = await createTestEnv({ limits: { apiTokensPerWindow: 1000 } });
  callers = await roleCallers(env);
  app = await buildTestApp(env);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

async function tokenWith(scopes: ApiScope[]): Promise<string> {
  return (await callers.admin.apiTokens.create({ name: 'CRM sync', scopes })).token;
}

async function rest(request: { method?: 'GET' | 'POST' | 'PUT'; url: string; token?: string; body?: unknown; headers?: Record<string, string> }) {
  const response = await app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: {
      ...(request.token === undefined ? {} : { authorization: `Bearer ${request.token}` }),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

function proceduresWith(pick: (meta: ProcedureMeta) => boolean): string[] {
  return procedureMetas(appRouter)
    .filter(([, meta]) => meta !== undefined && pick(meta))
    .map(([name]) => name)
    .sort();
}

describe('the OpenAPI document', () => {
  it('describes every procedure a token scope opens, and only those, as OpenAPI 3.1 with bearer security', async () => {
    // A procedure a scope opens without a REST path (or the reverse) would be an API hole in the docs.
    expect(proceduresWith((meta) => meta.openapi !== undefined)).toEqual(proceduresWith((meta) => meta.scope !== undefined));

    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const document = response.json<{
      openapi: string;
      servers: Array<{ url: string }>;
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { description?: string; tags?: string[]; security?: unknown }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: `${env.deps.config.publicOrigin}/api/v1` }]);
    expect(document.components.securitySchemes).toEqual({ Authorization: { type: 'http', scheme: 'bearer' } });
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    expect(operations.map((operation) => operation.route).sort()).toEqual([
      'GET /admin/events',
      'GET /bookings',
      'GET /bookings/stats',
      'GET /consultations',
      'GET /consultations/calendar',
      'GET /contacts',
      'GET /contacts/stats',
      'GET /events',
      'GET /events/{id}',
      'POST /bookings',
      'POST /events',
      'PUT /bookings/{id}',
      'PUT /bookings/{id}/status',
      'PUT /events/{id}',
      'PUT /events/{id}/active',
    ]);
    for (const operation of operations) {
      expect(operation.description, operation.route).toMatch(/\S/);
      expect(operation.tags?.length, operation.route).toBe(1);
    }
    expect(document.paths['/bookings']?.get?.tags).toEqual(['bookings:read']);
    expect(document.paths['/events']?.post?.tags).toEqual(['events:write']);
  });

  it('documents outputs that are the whole shape the procedures answer (no field left out or stripped)', () => {
    // Each way round: a field the schema lacks would be stripped from every answer, tRPC's too.
    expectTypeOf<z.output<typeof eventOutput>>().toExtend<EventDto>();
    expectTypeOf<EventDto>().toExtend<z.output<typeof eventOutput>>();
    expectTypeOf<z.output<typeof contactOutput>>().toExtend<ContactDto>();
    expectTypeOf<ContactDto>().toExtend<z.output<typeof contactOutput>>();
    expectTypeOf<z.output<typeof contactStatsOutput>>().toExtend<ContactStats>();
    expectTypeOf<ContactStats>().toExtend<z.output<typeof contactStatsOutput>>();
    expectTypeOf<z.output<typeof bookingOutput>>().toExtend<BookingDto>();
    expectTypeOf<BookingDto>().toExtend<z.output<typeof bookingOutput>>();
    expectTypeOf<z.output<typeof bookingListItemOutput>>().toExtend<BookingListItem>();
    expectTypeOf<BookingListItem>().toExtend<z.output<typeof bookingListItemOutput>>();
    expectTypeOf<z.output<typeof bookingStatsOutput>>().toExtend<BookingStats>();
    expectTypeOf<BookingStats>().toExtend<z.output<typeof bookingStatsOutput>>();
    expectTypeOf<z.output<typeof staffConsultationOutput>>().toExtend<StaffConsultationItem>();
    expectTypeOf<StaffConsultationItem>().toExtend<z.output<typeof staffConsultationOutput>>();
    expectTypeOf<z.output<typeof consultationCalendarOutput>>().toExtend<Awaited<ReturnType<typeof consultationCalendar>>>();
    expectTypeOf<Awaited<ReturnType<typeof consultationCalendar>>>().toExtend<z.output<typeof consultationCalendarOutput>>();
  });
});

describe('the REST face', () => {
  it('lists events for an events:read token, with the same answer as the tRPC route', async () => {
    await callers.admin.events.create(eventInput({ title: 'Accra Trade Mission' }));
    const token = await tokenWith(['events:read']);

    const listed = await rest({ url: '/api/v1/events?limit=5', token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(await callers.anonymous.events.list({ limit: 5 }));
    expect(listed.body).toMatchObject([{ title: 'Accra Trade Mission', isActive: true }]);
  });

  it('pages contacts and bookings with query parameters, numbers read from the text', async () => {
    for (const name of ['Ama', 'Kofi', 'Esi']) {
      await callers.anonymous.contacts.submit({ name, email: `${name.toLowerCase()}@example.com`, message: 'Expanding to Ghana.' });
    }
    const { event, slot } = await insertBookableSlot(env.db);
    const booking = await insertBookingRow(env.db, slot, event.id, { name: 'Ada Obi', status: 'pending' });
    const token = await tokenWith(['contacts:read', 'bookings:read']);

    const contacts = await rest({ url: '/api/v1/contacts?page=2&pageSize=2', token });
    expect(contacts.status).toBe(200);
    expect(contacts.body).toMatchObject({ total: 3 });
    expect(contacts.body.items).toHaveLength(1);
    expect((await rest({ url: '/api/v1/contacts/stats', token })).body).toEqual({ total: 3, new: 3, inProgress: 0, completed: 0, closed: 0 });

    const bookings = await rest({ url: '/api/v1/bookings?status=pending', token });
    expect(bookings.body).toMatchObject({ total: 1, items: [{ id: booking.id, participantName: 'Ada Obi', eventTitle: event.title }] });
  });

  it('changes a booking with a bookings:write token, audited under the token maker, with field errors for bad input', async () => {
    const { event, slot } = await insertBookableSlot(env.db);
    const booking = await insertBookingRow(env.db, slot, event.id, { status: 'pending' });
    const token = await tokenWith(['bookings:write']);

    const confirmed = await rest({ method: 'PUT', url: `/api/v1/bookings/${booking.id}/status`, token, body: { status: 'confirmed' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: booking.id, status: 'confirmed' });
    const audit = await callers.admin.audit.list({});
    expect(audit.items[0]).toMatchObject({ actorName: callers.adminAccount.user.name, entity: 'booking', entityId: booking.id });

    const refused = await rest({ method: 'PUT', url: `/api/v1/bookings/${booking.id}/status`, token, body: { status: 'lost' } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('BAD_REQUEST');
    const missing = await rest({ method: 'PUT', url: '/api/v1/bookings/no-such-booking/status', token, body: { status: 'confirmed' } });
    expect([missing.status, missing.body.message]).toEqual([404, 'Booking not found.']);
  });

  it('refuses a call without a token (even a public read, even with a session cookie), and a scope the token lacks', async () => {
    expect(await rest({ url: '/api/v1/events' })).toEqual({ status: 401, body: { message: NO_TOKEN, code: 'UNAUTHORIZED' } });
    const withCookie = await rest({ url: '/api/v1/bookings', headers: { cookie: `${SESSION_COOKIE}=${callers.adminAccount.token}` } });
    expect(withCookie).toEqual({ status: 401, body: { message: NO_TOKEN, code: 'UNAUTHORIZED' } });

    const readOnly = await tokenWith(['events:read']);
    const outside = await rest({ method: 'POST', url: '/api/v1/events', token: readOnly, body: eventInput({ title: 'Not allowed' }) });
    expect([outside.status, outside.body.message]).toEqual([403, "This API token's scopes do not allow this call."]);
    const unknown = await rest({ url: '/api/v1/events', token: 'api_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
    expect([unknown.status, unknown.body.message]).toEqual([401, 'This API token is not valid: it is unknown, revoked or expired.']);
    expect((await callers.admin.events.adminList({})).total).toBe(0);
  });
});
