// npm start: build the client and the server when missing or out of date (scripts/build.mjs), then
// run the compiled server (dist/server/index.js) in this same node process, in production mode
// unless NODE_ENV says otherwise. One process and no wrapper, so SIGTERM / SIGINT from npm, systemd
// or Ctrl+C reach the server's own shutdown (stop listening, finish requests, close the database).
// A checkout installed without its devDependencies cannot build: it says so and what to do (a
// release archive, npm run release, needs no build).
import { clientIsStale, ensureBuilt, serverEntry, serverIsStale, ssrIsStale } from './build.mjs';
import { pathToFileURL } from 'node:url';

function buildToolsInstalled() {
  try {
    import.meta.resolve('vite');
    import.meta.resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

process.env.NODE_ENV ??= 'production';
// The build's lines are lines of the server's log too: JSON unless a person reads them at a
// terminal (LOG_FORMAT overrides), as server/core/log.ts writes them.
const json = process.env.LOG_FORMAT === 'json' || (process.env.LOG_FORMAT !== 'text' && !process.stdout.isTTY);
const log = (msg, level = 'info') => {
  if (msg.trim() !== '') console.log(json ? JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, msg }) : msg);
};
if ((clientIsStale() || ssrIsStale() || serverIsStale()) && !buildToolsInstalled()) {
  log(
    'The site needs building, and its build tools (the devDependencies, such as Vite) are not installed. ' +
      'Run `npm ci` (without --omit=dev) once, or install a release archive made by `npm run release`, which needs no build (docs/upgrading.md).',
    'fatal',
  );
  process.exit(1);
}
try {
  await ensureBuilt({ log });
} catch (error) {
  log(error instanceof Error ? error.message : String(error), 'fatal');
  process.exit(1);
}
await import(pathToFileURL(serverEntry).href);
