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
if ((clientIsStale() || ssrIsStale() || serverIsStale()) && !buildToolsInstalled()) {
  console.error(
    'The site needs building, and its build tools (the devDependencies, such as Vite) are not installed. ' +
      'Run `npm ci` (without --omit=dev) once, or install a release archive made by `npm run release`, which needs no build (docs/upgrading.md).',
  );
  process.exit(1);
}
await ensureBuilt();
await import(pathToFileURL(serverEntry).href);
