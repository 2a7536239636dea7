// GET /healthz (alive, and which release), /readyz (ready for requests) and /metrics (Prometheus), for reverse proxies,
// service managers and monitoring. /healthz touches nothing, so a slow database never gets a live
// process restarted; /readyz runs the checks of server/monitoring/readiness.service.ts; /metrics answers only
// this machine (a loopback address no proxy forwarded) or a caller with METRICS_TOKEN, and 404 to
// anyone else, so it is not a map of the site for strangers.
import { timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import { appRouter } from '@server/router';
import { APP_VERSION } from '@server/core/version';
import { methodLabel, routeLabel, statusClassLabel } from './route-label';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

const NOT_FOUND_BODY = { error: { message: 'Not found' } };

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (net.isIPv4(plain)) return plain.startsWith('127.');
  return plain === '::1';
}

function bearerMatches(header: string | undefined, token: string): boolean {
  if (header === undefined || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether `req` may read the metrics: the right token from anywhere, or a direct connection from
 * this machine. A request a proxy forwarded is not this machine's, even when the proxy runs on it:
 * without TRUST_PROXY any forwarding header refuses it; with TRUST_PROXY the client the proxy names
 * must itself be loopback.
 */
export function mayReadMetrics(req: FastifyRequest, deps: Pick<AppDeps, 'config'>): boolean {
  const { metricsToken, trustProxy } = deps.config;
  if (metricsToken !== undefined && bearerMatches(req.headers.authorization, metricsToken)) return true;
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  if (req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined) return false;
  if (trustProxy === false) return req.headers['x-forwarded-for'] === undefined;
  return isLoopbackAddress(req.ip);
}

export function healthRoutes(deps: AppDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(HEALTH_PATHS.live, async () => ({ status: 'ok', version: APP_VERSION }));

    app.get(HEALTH_PATHS.ready, async (_req, reply) => {
      const report = await deps.readiness.check();
      return reply.code(report.ready ? 200 : 503).send({ status: report.ready ? 'ready' : 'unready', checks: report.checks });
    });

    app.get(HEALTH_PATHS.metrics, async (req, reply) => {
      if (!deps.config.metrics || !mayReadMetrics(req, deps)) return reply.code(404).send(NOT_FOUND_BODY);
      const { contentType, body } = await deps.metrics.render();
      return reply.type(contentType).send(body);
    });
  };
}

/** Counts every answered request by method, route label and status class, with its latency. */
export function countRequests(app: FastifyInstance, deps: Pick<AppDeps, 'metrics'>): void {
  const procedures: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));
  app.addHook('onResponse', (req, reply, done) => {
    deps.metrics.requestAnswered(methodLabel(req.method), routeLabel(req, procedures), statusClassLabel(reply.statusCode), reply.elapsedTime / 1000);
    done();
  });
}
