// Overload: shed, do not collapse. Past MAX_REQUESTS_IN_FLIGHT requests being answered at once, a
// new request is answered 503 with Retry-After at once, before any work is done for it, so the
// requests already taken finish in time and the process keeps reading its sockets (a server that
// takes everything answers everything late, health checks included, and clients time out). The
// health, readiness and metrics endpoints are never shed: a proxy and a monitor see the truth
// while the site is busiest. Work nobody waits for (the e-mail sender) steps aside while the
// server is near its bound (`busy()`).
//
// The log gets one line when shedding starts and one when it has stopped for a while, with the
// count; /metrics counts every request shed (site_http_requests_shed_total).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteMetrics } from '@server/monitoring/site-metrics';
import { lifecycleLog, type Log } from '@server/core/log';
import { englishOf } from '@server/shared/i18n/catalogs';
import { message } from '@server/shared/i18n/message';
import { trpcErrorBody } from './trpc-limits';

/** Seconds a shed client is asked to wait before trying again. */
export const RETRY_AFTER_S = 1;
/** Shedding that has not happened for this long is over (its end is logged at the next request). */
const QUIET_MS = 10_000;

const NEVER_SHED = new Set(['/healthz', '/readyz', '/metrics']);

/** What a shed visitor reads, by key (a page says it in its language), English beside it. */
const SHED_MESSAGE = message('error.serverBusy');

export interface LoadShedding {
  /** Requests taken (not shed) and not yet answered. */
  readonly inFlight: number;
  /** Whether the server is near its bound: background work should wait. */
  busy(): boolean;
}

function pathOf(req: FastifyRequest): string {
  const query = req.url.indexOf('?');
  return query === -1 ? req.url : req.url.slice(0, query);
}

export function registerLoadShedding(
  app: FastifyInstance,
  options: { maxInFlight: number; metrics: Pick<SiteMetrics, 'requestShed'>; log: Log; now?: () => number },
): LoadShedding {
  const now = options.now ?? (() => Date.now());
  const log = lifecycleLog(options.log);
  const taken = new WeakSet<FastifyRequest>();
  let inFlight = 0;
  let shedding: { since: number; last: number; count: number } | undefined;

  function endIfQuiet(at: number): void {
    if (shedding === undefined || at - shedding.last < QUIET_MS) return;
    log.warn(
      { shed: shedding.count, seconds: Math.round((shedding.last - shedding.since) / 1000) },
      `Load shedding over: ${shedding.count} requests answered 503 between ${new Date(shedding.since).toISOString()} and ${new Date(shedding.last).toISOString()}`,
    );
    shedding = undefined;
  }

  app.addHook('onRequest', (req, reply, done) => {
    if (NEVER_SHED.has(pathOf(req))) {
      done();
      return;
    }
    const at = now();
    if (inFlight >= options.maxInFlight) {
      options.metrics.requestShed();
      if (shedding === undefined) {
        shedding = { since: at, last: at, count: 0 };
        log.warn(
          { inFlight, maxInFlight: options.maxInFlight },
          `Load shedding: ${inFlight} requests in flight (MAX_REQUESTS_IN_FLIGHT ${options.maxInFlight}); more answer 503 with Retry-After until some finish`,
        );
      }
      shedding.last = at;
      shedding.count += 1;
      void reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .header('cache-control', 'no-store')
        .send(trpcErrorBody('SERVICE_UNAVAILABLE', 503, englishOf(SHED_MESSAGE), SHED_MESSAGE.key));
      return;
    }
    endIfQuiet(at);
    inFlight += 1;
    taken.add(req);
    done();
  });
  const finished = (req: FastifyRequest) => {
    if (taken.delete(req)) inFlight -= 1;
  };
  app.addHook('onResponse', (req, _reply, done) => {
    finished(req);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    finished(req);
    done();
  });

  return {
    get inFlight() {
      return inFlight;
    },
    busy: () => inFlight >= options.maxInFlight / 2,
  };
}
