// What the site's port answers while start-up updates the database, before the app exists: the
// server listens first, so a port already taken fails the start before any migration touches the
// database, and an operator, a proxy and a service manager all see an update rather than a dead port.
// - GET /healthz: 200, the process is alive (a liveness timer must not restart it mid-migration);
// - GET /readyz: 503 {"status":"migrating", ...} naming the migration and how far it is (a proxy
//   keeps the instance out of rotation);
// - a page: 503 "This site is being updated" in the page's language, reloading itself, with
//   Retry-After; the API and anything else: 503 with a sentence.
// Node's own HTTP server, nothing of the app's: the app is built once the database is current, then
// this one closes and the app listens on the same port.
import http from 'node:http';
import { APP_VERSION } from '@server/core/version';
import { i18nOf } from '@server/shared/i18n/catalogs';
import { languageOfPath } from '@server/shared/i18n/languages';
import { HEALTH_PATHS } from './health.route';

export interface UpdatingState {
  /** '... 2 of 12 migrations done, running X for 3 s' (server/core/migration-progress.ts). */
  describe(): string;
}

const RETRY_AFTER_S = '30';

const HEADERS = {
  'Cache-Control': 'no-store',
  'Retry-After': RETRY_AFTER_S,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The page a visitor gets meanwhile: a sentence in the page's language, reloaded every 10 s. */
export function updatingPage(pathname: string): string {
  const { language } = languageOfPath(pathname);
  const i18n = i18nOf(language);
  const title = escapeHtml(i18n._('page.updating.title'));
  const text = escapeHtml(i18n._('page.updating.text'));
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="10">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; color: #1b2a41; background: #f6f7f9; }
main { max-width: 32rem; padding: 2rem 1.5rem; text-align: center; }
h1 { font-family: Georgia, serif; font-size: 1.75rem; margin: 0 0 1rem; }
p { font-size: 1.0625rem; line-height: 1.5; margin: 0; }
</style>
</head>
<body><main><h1>${title}</h1><p>${text}</p></main></body>
</html>
`;
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, state: UpdatingState): void {
  const url = new URL(req.url ?? '/', 'http://site.invalid');
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { ...HEADERS, 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === HEALTH_PATHS.live) {
    json(200, { status: 'ok', version: APP_VERSION });
    return;
  }
  if (url.pathname === HEALTH_PATHS.ready) {
    json(503, { status: 'migrating', checks: { migrations: { ok: false, error: state.describe() } } });
    return;
  }
  const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !url.pathname.startsWith('/api/') && url.pathname !== HEALTH_PATHS.metrics;
  if (!wantsPage) {
    const { language } = languageOfPath(url.pathname);
    json(503, { error: { message: i18nOf(language)._('page.updating.api') } });
    return;
  }
  res.writeHead(503, { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' });
  res.end(req.method === 'HEAD' ? undefined : updatingPage(url.pathname));
}

export interface UpdatingServer {
  /** Stops listening and ends its connections, so the app can take the port. */
  close(): Promise<void>;
}

/** Listens on host:port (rejects as server.listen does: EADDRINUSE, EACCES...). */
export async function listenWhileUpdating(host: string, port: number, state: UpdatingState): Promise<UpdatingServer> {
  const server = http.createServer((req, res) => {
    // A body is never read: drain it so the connection can be reused or closed cleanly.
    req.resume();
    answer(req, res, state);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
