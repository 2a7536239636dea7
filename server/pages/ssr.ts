// Server rendering of the public pages (home, an event's page, booking, booking for an event). An empty page that
// waits for its script and then for the API paints late on a slow phone; this one arrives with the
// markup and the data of its queries, which the browser's React adopts (client/main.tsx hydrates).
// The render itself lives in client/entry-server.tsx, built by Vite into `<client folder>-ssr/` so
// its CSS-module class names are the browser's; this file runs the page's queries through the API's
// own procedures as an anonymous visitor and writes markup and data into the built index.html.
// Finished pages are kept in the public-read cache (server/pages/pages.route.ts), so any write empties them
// with the API answers.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DehydratedState } from '@tanstack/react-query';
import { createServerSideHelpers } from '@trpc/react-query/server';
import type { PublicQuery } from '@client/entry-server';
import type { AppDeps } from '@server/core/deps';
import { appRouter } from '@server/router';
import { createContextInner } from '@server/trpc/context';

/** What server/pages/pages.route.ts needs from client/entry-server.tsx. */
export interface ServerEntry {
  QUERY_STATE_ELEMENT_ID: string;
  publicQueriesOf(pathname: string): PublicQuery[] | null;
  /** The built page (in the client folder) the rendered markup of `pathname` goes into. */
  pageTemplateOf(pathname: string): string;
  render(url: string, state: DehydratedState): Promise<string>;
}

/** The built server renderer of a client built into `clientDir`. */
export function serverEntryFile(clientDir: string): string {
  return path.join(`${clientDir}-ssr`, 'entry-server.js');
}

/** Loads the built server renderer; undefined when the client was built without one. */
export async function loadServerEntry(clientDir: string): Promise<ServerEntry | undefined> {
  const file = serverEntryFile(clientDir);
  if (!fs.existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}

/** JSON safe inside a `<script>` element: no `<` can close it or open a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface RenderedPage {
  /** The markup inside #root. */
  markup: string;
  /** The dehydrated query state, already script-safe JSON. */
  state: string;
}

/** Runs a page's queries as an anonymous visitor; answers that fail are left to the browser. */
async function prefetch(deps: AppDeps, queries: PublicQuery[]): Promise<DehydratedState> {
  const helpers = createServerSideHelpers({ router: appRouter, ctx: createContextInner(deps) });
  await Promise.all(
    queries.map((query) => {
      switch (query.path) {
        case 'settings.public':
          return helpers.settings.public.prefetch();
        case 'homePage.get':
          return helpers.homePage.get.prefetch();
        case 'events.list':
          return helpers.events.list.prefetch(query.input);
        case 'sessions.listByEvent':
          return helpers.sessions.listByEvent.prefetch(query.input);
        case 'events.page':
          return helpers.events.page.prefetch(query.input);
        case 'privacy.page':
          return helpers.privacy.page.prefetch();
      }
    }),
  );
  return helpers.dehydrate();
}

/**
 * For a server-rendered page, a function that renders it (server/pages/pages.route.ts keeps the result in
 * the public-read cache); null for pages the browser renders.
 */
export function publicPageRenderer(deps: AppDeps, entry: ServerEntry) {
  return function renderPublicPage(pathname: string): ((pathname: string) => Promise<RenderedPage>) | null {
    const queries = entry.publicQueriesOf(pathname);
    if (queries === null) return null;
    return async () => {
      const state = await prefetch(deps, queries);
      const markup = await entry.render(pathname, state);
      return { markup, state: scriptSafeJson(state) };
    };
  };
}
