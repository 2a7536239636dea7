import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { themeVariables } from './scripts/vite/theme-variables.ts';
import { fontPreload } from './scripts/vite/font-preload.ts';
import { preloadTrim } from './scripts/vite/preload-trim.ts';

// Absolute, so the build works from any working directory (scripts/start.ts builds on demand).
const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The release, shown in the back office (package.json's version, written into the bundle). */
const APP_VERSION: string = JSON.parse(fs.readFileSync(fromHere('./package.json'), 'utf8')).version;

/** Import aliases, the same as tsconfig.json's `paths` (tsx and the server build read those). */
export const appVersionDefine = { __APP_VERSION__: JSON.stringify(APP_VERSION) };

export const pathAliases = {
  '@server': fromHere('./server'),
  '@client': fromHere('./client'),
  '@db': fromHere('./db'),
  '@tests': fromHere('./tests'),
  '@scripts': fromHere('./scripts'),
};

/**
 * Writes a .br and a .gz beside every built text file worth compressing, so the server sends the
 * compressed bytes as they are (@fastify/static's preCompressed) instead of compressing per request.
 */
function precompress(): Plugin {
  // The folder actually built into (`vite build --outDir` moves it, e.g. for the end-to-end client).
  let outDir = fromHere('./dist/client');
  let serverBuild = false;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The server renderer's build (client/entry-server.tsx) writes nothing the browser downloads.
      serverBuild = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (serverBuild) return;
      const walk = (folder: string): string[] =>
        fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(folder, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|html|json|txt)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** The modules of the event page's own chunk (see codeSplitting below). */
const EVENT_PAGE_MODULES = new RegExp(
  [
    String.raw`client[\\/]features[\\/]event[\\/](EventPage|seats|price)\.`,
    String.raw`client[\\/]features[\\/]privacy[\\/]PrivacyPage\.`,
    String.raw`client[\\/]use-dates\.ts`,
    String.raw`server[\\/]shared[\\/](time|bounded-cache|money|visitor-time|format-date|date-span)\.ts`,
  ].join('|'),
);

/** A lazy chunk's preload list without what its host chunk has already loaded (scripts/vite/preload-trim.ts). */
const trim = preloadTrim();

// The client lives in client/ and builds to dist/client, which the Fastify server serves.
// In development Vite serves the client and forwards API and upload requests to the server.
export default defineConfig({
  root: fromHere('./client'),
  plugins: [react(), themeVariables(), fontPreload(), trim.plugin, precompress()],
  resolve: { alias: pathAliases },
  define: appVersionDefine,
  build: {
    outDir: fromHere('./dist/client'),
    emptyOutDir: true,
    // Three pages: the app (index.html: back office, booking pages) and the server-rendered home
    // page, event pages and privacy page, whose scripts carry no router (home.html; event.html for the two others).
    rollupOptions: {
      input: { index: fromHere('./client/index.html'), home: fromHere('./client/home.html'), event: fromHere('./client/event.html') },
      output: {
        codeSplitting: {
          groups: [
            {
              // An event's page in one chunk: the page, the privacy page (the same script serves
              // both) and the small modules they share with the app (dates, money, seats). Split by
              // sharing alone they were six script files and two style sheets, and each costs a phone
              // a request; together Lighthouse's first paint came 0.3-0.4 s sooner.
              // Only these modules (not what they import: React and the i18n stay in the shared
              // chunk the home page loads).
              name: 'EventPage',
              test: EVENT_PAGE_MODULES,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    modulePreload: { resolveDependencies: trim.resolveDependencies },
  },
  // The server renderer (client/entry-server.tsx) is bundled with its packages, so it runs from any
  // folder (a client built elsewhere with CLIENT_DIR has no node_modules beside it).
  ssr: { noExternal: true },
  server: {
    port: 5173,
    // changeOrigin stays false so the API sees the browser's Host (localhost:5173) and the
    // origin check of mutations passes; the string shorthand would rewrite it.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/uploads': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
