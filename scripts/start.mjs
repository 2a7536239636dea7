// npm start: build the client and the server when missing or out of date (scripts/build.mjs), then
// run the compiled server (dist/server/index.js) in this same node process, in production mode
// unless NODE_ENV says otherwise. One process and no wrapper, so SIGTERM / SIGINT from npm, systemd
// or Ctrl+C reach the server's own shutdown (stop listening, finish requests, close the database).
import { ensureBuilt, serverEntry } from './build.mjs';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV ??= 'production';
await ensureBuilt();
await import(pathToFileURL(serverEntry).href);
