// The access log (ACCESS_LOG=true): one line per answered request with its method, route (the tRPC
// procedure, or the route pattern; never an id or a token), status and duration from its arrival,
// the address, and the URL with secrets redacted. A 5xx answer is logged at error, anything else at
// info; at LOG_LEVEL=debug a line also marks each request's arrival. Request ids are unique across restarts and instances, so a line found later names one
// request only.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { methodLabel, routeLabel } from '@server/monitoring/route-label';
import { redactUrl } from './log-redaction';

/** Request ids: a random prefix of this process, then a counter (`3f9a1c2e-1b`). */
export function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}-${count.toString(36)}`;
  };
}

export function logRequests(app: FastifyInstance, procedures: ReadonlySet<string>): void {
  // At debug, also a line when a request arrives (to follow one that never ends).
  if (app.log.level === 'debug' || app.log.level === 'trace') {
    app.addHook('onRequest', (req, _reply, done) => {
      req.log.debug({ method: methodLabel(req.method), url: redactUrl(req.url) }, 'request received');
      done();
    });
  }
  app.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const line = {
      method: methodLabel(req.method),
      route: routeLabel(req, procedures),
      status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: req.ip,
      url: redactUrl(req.url),
    };
    if (status >= 500) req.log.error(line, 'request answered');
    else req.log.info(line, 'request answered');
    done();
  });
}
