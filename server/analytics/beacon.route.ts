// POST /api/beacon: a page view or a booking step, sent by the public pages' script with
// navigator.sendBeacon. Always answered 204 with nothing to read, counted or not: a beacon that is
// a bot's, from a visitor who asked not to be tracked (DNT, Global Privacy Control), from signed-in
// staff, past its network's limit (RATE_LIMITS.beacons), or malformed, is dropped. One from another
// site never gets here (server/http/origin.ts, 403), and one over BEACON_MAX_BYTES is refused
// unread (413).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { authenticateRequest } from '@server/trpc/context';
import { BEACON_MAX_BYTES, type BeaconInput, beaconInput } from './analytics.schemas';
import { BeaconCollector } from './beacon-collector.service';
import { isBot } from './visit-source';

export const BEACON_PATH = '/api/beacon';

declare module 'fastify' {
  interface FastifyInstance {
    /** The beacons' in-memory sums (server/analytics/beacon-collector.service.ts); written on close. */
    analytics: BeaconCollector;
  }
}

/** The visitor asked not to be tracked: Do Not Track or Global Privacy Control. */
function optedOut(req: FastifyRequest): boolean {
  return req.headers.dnt === '1' || req.headers['sec-gpc'] === '1';
}

function parsed(body: unknown): BeaconInput | null {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const result = beaconInput.safeParse(value);
  return result.success ? result.data : null;
}

/** Adds the route to the app itself (not a plugin scope): the collector is the app's, for its shutdown and the tests. */
export function registerBeacon(app: FastifyInstance, deps: AppDeps, options: { now?: () => Date } = {}): void {
  const collector = new BeaconCollector(deps.db, {
    siteHost: new URL(deps.config.publicOrigin).host,
    now: options.now,
    onError: (error) => app.repeatedErrors.failed('analytics write', error),
  });
  app.decorate('analytics', collector);
  collector.start();
  app.addHook('onClose', () => collector.stop());

  app.post(BEACON_PATH, { bodyLimit: BEACON_MAX_BYTES }, async (req, reply) => {
    reply.code(204);
    const userAgent = req.headers['user-agent'] ?? '';
    if (optedOut(req) || isBot(userAgent)) return reply.send();
    // Past its network's limit a client's beacons are dropped (still 204: nothing to retry).
    if (!(await deps.limits.beacons.hitFrom('beacon', req.ip)).allowed) return reply.send();
    const beacon = parsed(req.body);
    if (beacon === null) return reply.send();
    const token = req.cookies[SESSION_COOKIE];
    if (token !== undefined && token !== '' && (await authenticateRequest(deps, req, reply)).user !== null) return reply.send();
    await collector.count(beacon, req.ip, userAgent);
    return reply.send();
  });
}
