// buildApp(deps): the Fastify instance with security hooks, the tRPC API, uploads and the built
// client. It does not listen; server/index.ts does, and tests use app.inject().
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { AppDeps } from './core/deps';
import { infrastructureFault } from './core/errors';
import { registerBeacon } from './analytics/beacon.route';
import { calendarFeedRoutes } from './calendar-feed/calendar-feed.route';
import { ssoRoutes } from './sso/sso.route';
import { exportRoutes } from './exports/exports.route';
import { invoiceRoutes } from './invoices/invoices.route';
import { countRequests, healthRoutes } from './monitoring/health.route';
import { imageVariantRoutes } from './uploads/image-variants.route';
import { InFlightRequests, trackInFlight } from './http/in-flight';
import { logRequests, requestIds } from './http/access-log';
import { createLog, type Log, silentLog } from './core/log';
import { type LoadShedding, registerLoadShedding } from './http/load-shedding';
import { repeatedErrors, type RepeatedErrors } from './core/repeated-errors';
import { isSameOriginRequest } from './http/origin';
import { refuseTokenInAddress } from './http/api-token-guard';
import { pageRenderer } from './pages/pages.route';
import { seoRoutes } from './pages/seo.route';
import { registerPublicReadCache } from './http/public-read-cache';
import { shareCacheInvalidation } from './http/shared-invalidation';
import { registerSecurityHeaders } from './http/security-headers';
import { allowedEmbedOrigins } from './embed/embed-settings.service';
import { embedRoutes } from './embed/embed.route';
import { loadServerEntry, type ServerEntry } from './pages/ssr';
import { fastifyTrustProxy } from './http/trust-proxy';
import { enforceBatchLimit, enforceTrpcBody, MAX_BATCH_SIZE, trpcErrorBody } from './http/trpc-limits';
import { trpcRoute } from './http/trpc-route';
import { restApiRoutes } from './http/rest-api.route';
import { uploadRoutes } from './uploads/uploads.route';
import { statementRoutes } from './payments/statement.route';
import { appRouter } from './router';
import { makeCreateContext } from './trpc/context';
import { makePrivateDir } from './core/private-files';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  /** Folder of the built client (index.html and assets); omitted or missing serves a minimal page. */
  clientDir?: string;
  logger?: boolean;
  /** Where log lines go (standard output by default); tests pass their own. */
  logStream?: { write(line: string): void };
  /** Server renderer of the public pages; by default the one built beside clientDir, if any. */
  serverEntry?: ServerEntry;
  /**
   * 'adapter' serves the API with tRPC's own Fastify adapter instead of server/http/trpc-route.ts:
   * only `npm run bench` uses it, to measure what the home-made route gains (decision 005).
   */
  trpcServer?: 'route' | 'adapter';
  /** The clock that says the analytics' day (tests move it across midnight). */
  analyticsClock?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests being answered now; a shutdown waits for them (server/index.ts). */
    requestsInFlight: InFlightRequests;
    /** The bound on requests in flight, and whether the server is near it (server/http/load-shedding.ts). */
    loadShedding: LoadShedding;
    /** Failures logged as outages: a line a minute at most for the same one (server/core/repeated-errors.ts). */
    repeatedErrors: RepeatedErrors;
  }
}

/**
 * Whether `/uploads<pathname>` names a plain file right in the uploads folder. Uploads are stored
 * there under flat random names; a symbolic link (a tampered backup restored) or anything in a
 * sub-folder is never served, so a link to /etc/passwd or to the database leads nowhere.
 */
function isPlainUpload(uploadsDir: string, pathname: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(pathname.replace(/^\//, ''));
  } catch {
    return false;
  }
  if (name === '' || name.startsWith('.') || /[/\\]/.test(name)) return false;
  try {
    return fs.lstatSync(path.join(uploadsDir, name)).isFile();
  } catch {
    return false;
  }
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const production = deps.config.nodeEnv === 'production';
  // The one log of server/core/log.ts (JSON lines); a test passes its own stream to read them.
  const log: Log =
    (options.logger ?? deps.config.nodeEnv !== 'test')
      ? options.logStream === undefined
        ? deps.log
        : createLog({ ...deps.config, logFormat: 'json' }, options.logStream)
      : silentLog();
  const app = Fastify({
    // Upcast only: Fastify's generics would otherwise carry pino's type through every route.
    loggerInstance: log as FastifyBaseLogger,
    // Unique across restarts (and instances): a random prefix per process, then a counter.
    genReqId: requestIds(),
    // Fastify's two lines per request are replaced by one access line (server/http/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // A whole request, body included, must arrive within REQUEST_TIMEOUT_S (Fastify's default is no
    // limit, so a client sending a byte every few seconds held its socket for good). Node only
    // enforces a limit given when the server is created (setting it afterwards, as Fastify's own
    // option does, leaves bodies unchecked), and checks open requests every
    // `connectionsCheckingInterval`: a trickling request is closed within a quarter of the limit.
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      requestTimeout: deps.config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, deps.config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(deps.config.requestTimeoutMs / 4))),
    },
    // A batch puts every procedure name in one path parameter (a,b,c); Fastify's default of 100
    // characters answered 414 to ordinary batches. tRPC's Fastify guide uses 5000.
    routerOptions: { maxParamLength: 5000 },
  });

  // Set before any plugin is registered: child contexts (the tRPC plugin) inherit the handler only
  // when it exists at their registration, and Fastify's default one sends raw 500 messages.
  app.setErrorHandler(async (error, req, reply) => {
    const err = error instanceof Error ? error : new Error(String(error));
    // A full disk or an unreachable database: 503 with its sentence, logged once a minute.
    const fault = deps.faults.report(err);
    if (fault !== null) return reply.code(503).send({ error: { message: infrastructureFault(fault).message } });
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) app.repeatedErrors.failed(`${req.method} ${req.routeOptions.url ?? 'request'}`, err, { reqId: req.id });
    const message = status >= 500 && production ? 'Something went wrong. Please try again.' : err.message;
    return reply.code(status).send({ error: { message } });
  });

  app.decorate('repeatedErrors', repeatedErrors(app.log));
  // First, so every request is seen from its arrival, whichever hook answers it.
  app.decorate('requestsInFlight', new InFlightRequests());
  deps.metrics.watchInFlight(() => app.requestsInFlight.count);
  trackInFlight(app, app.requestsInFlight);
  // Past the bound, 503 with Retry-After before any other work; health and metrics never shed.
  app.decorate(
    'loadShedding',
    registerLoadShedding(app, { maxInFlight: deps.config.maxRequestsInFlight, metrics: deps.metrics, log }),
  );
  if (deps.config.metrics) countRequests(app, deps);
  if (deps.config.accessLog) logRequests(app, new Set(Object.keys(appRouter._def.procedures)));
  // GET /healthz, /readyz and /metrics (server/monitoring/health.route.ts).
  await app.register(healthRoutes(deps));

  await app.register(fastifyCookie);

  // Helmet's headers, Permissions-Policy and Cache-Control: no-store (server/http/security-headers.ts).
  registerSecurityHeaders(app, deps.config, () => allowedEmbedOrigins(deps));

  app.addHook('onRequest', refuseTokenInAddress);
  app.addHook('onRequest', async (req, reply) => {
    // A bearer call carries no ambient credential (its context never reads cookies,
    // server/trpc/context.ts), so a request from another origin is no forgery: a CRM calls from
    // anywhere. Cookie calls keep the check.
    if (req.headers.authorization === undefined && !isSameOriginRequest(req, deps.config.publicOrigin)) {
      await reply.code(403).send(trpcErrorBody('FORBIDDEN', 403, 'Cross-origin requests are not allowed.'));
    }
  });
  // Behind a proxy the client address comes from X-Forwarded-For: a value that is not an address
  // (a misconfigured chain, or a header a visitor wrote that reached us unchecked) is refused
  // rather than stored in sessions and the audit log or used as a rate-limit key.
  app.addHook('onRequest', async (req, reply) => {
    if (net.isIP(req.ip) === 0) {
      await reply.code(400).send(trpcErrorBody('BAD_REQUEST', 400, 'The client address sent by the proxy (X-Forwarded-For) is not an address.'));
    }
  });
  app.addHook('onRequest', enforceBatchLimit);
  registerPublicReadCache(app, deps.publicReads);
  await shareCacheInvalidation(app, deps.db, deps.publicReads);
  app.addHook('onRequest', enforceTrpcBody(BODY_LIMIT_BYTES));

  const trpcOptions = {
    router: appRouter,
    createContext: makeCreateContext(deps),
    onError({ error, path: procedure }: { error: { code: string }; path?: string | undefined }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.repeatedErrors.failed(`procedure ${procedure ?? '(unknown)'}`, error);
    },
  };
  if (options.trpcServer === 'adapter') {
    await app.register(fastifyTRPCPlugin, { prefix: '/api/trpc', trpcOptions: { ...trpcOptions, maxBatchSize: MAX_BATCH_SIZE } });
  } else {
    await app.register(trpcRoute(trpcOptions));
  }

  makePrivateDir(deps.uploadsDir);
  // POST /api/uploads, with @fastify/multipart registered inside its own plugin scope.
  await app.register(uploadRoutes(deps));
  // POST /api/payments/statement: a bank statement (CAMT.053 or CSV) matched against awaiting bookings.
  await app.register(statementRoutes(deps));
  // GET /api/export/bookings.csv and /api/export/contacts.csv (staff only).
  await app.register(exportRoutes(deps));
  // /api/v1/...: the REST face of the scoped procedures, for API tokens; GET /api/openapi.json.
  await app.register(restApiRoutes(deps));
  // GET /api/invoices/<number>.pdf: staff, or a visitor with the booking's manage token.
  await app.register(invoiceRoutes(deps));
  // GET /auth/sso/start and /auth/sso/callback: staff sign-in through the identity provider.
  await app.register(ssoRoutes(deps));
  // POST /api/beacon: page views and booking steps, summed in memory and written as daily sums.
  registerBeacon(app, deps, { now: options.analyticsClock });
  // GET /embed.js: the partner booking widget's script.
  await app.register(embedRoutes());
  // GET /events.ics: the public calendar feed of upcoming session times.
  await app.register(calendarFeedRoutes(deps));
  // GET /uploads/w/<width>/<name>.webp: smaller WebP copies of uploaded pictures, for srcset.
  await app.register(imageVariantRoutes(deps));
  await app.register(fastifyStatic, {
    root: deps.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'ignore', // in-progress uploads are dot-files
    allowedPath: (pathname) => isPlainUpload(deps.uploadsDir, pathname),

    maxAge: '7d',
    immutable: true,
  });

  await app.register(seoRoutes(deps));

  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'index.html'));
  const serverEntry = hasClient ? (options.serverEntry ?? (await loadServerEntry(clientDir))) : undefined;
  const renderPage = hasClient ? pageRenderer(deps, clientDir, serverEntry) : undefined;
  if (hasClient) {
    // Pages get their head written per request (server/pages/pages.route.ts); files are served as built.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts); they are sent as they are.
      preCompressed: true,
      cacheControl: false, // set below instead, per kind of file
      // Files under /assets/ have a content hash in their name: a new build gives new names.
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
    app.get('/', (req, reply) => renderPage?.(req, reply));
  }

  app.setNotFoundHandler(async (req, reply) => {
    const isPage = req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/uploads/');
    if (!isPage) return reply.code(404).send({ error: { message: 'Not found' } });
    if (renderPage !== undefined) return renderPage(req, reply);
    return reply.type('text/html').send(
      '<!doctype html><title>Site</title><p>The API is running at /api/trpc. The client has not been built yet.</p>',
    );
  });

  return app;
}
