// An app that server-renders the public pages as the built site does, from a minimal client folder
// (the page templates, each with its own script) and the real renderer, for tests of the first HTML.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as serverEntry from '@client/entry-server';
import { buildApp } from '@server/app';
import type { ServerEntry } from '@server/pages/ssr';
import type { TestEnv } from './helpers';

/** The built index.html's shape: the server writes the head between the markers. */
export const PAGE_TEMPLATE =
  '<!doctype html><html><head><!--app-head--><title>Dev</title><!--/app-head--></head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';

/** Writes index.html, home.html and event.html into `env`'s data folder and builds an app serving them. */
export async function buildPageApp(env: TestEnv, entry: ServerEntry = serverEntry): Promise<FastifyInstance> {
  const clientDir = path.join(env.dataDir, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), PAGE_TEMPLATE);
  fs.writeFileSync(path.join(clientDir, 'home.html'), PAGE_TEMPLATE.replace('/assets/main.js', '/assets/home.js'));
  fs.writeFileSync(path.join(clientDir, 'event.html'), PAGE_TEMPLATE.replace('/assets/main.js', '/assets/event.js'));
  const app = await buildApp(env.deps, { logger: false, clientDir, serverEntry: entry });
  await app.ready();
  return app;
}
