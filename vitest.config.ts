import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { appVersionDefine, pathAliases } from './vite.config.js';

export default defineConfig({
  resolve: { alias: pathAliases },
  define: appVersionDefine,
  test: {
    // Migrates the template database each test copies (see tests/global-setup.ts).
    globalSetup: ['tests/global-setup.ts'],
    // Test files share their worker's modules instead of loading React, Mantine, Kysely and the app
    // afresh for each file: the suite takes half the time (the code stays compiled by V8). Each test
    // still has its own state (its own database, app, server and query client); module-level state
    // is only caches of pure results or per database, and the client setup file runs once per file
    // without stacking its shims.
    isolate: false,
    // One worker per core. Vitest's default keeps a core for itself (one worker on a 2-core
    // machine), but its main process only collects results: the second core would sit idle.
    maxWorkers: os.availableParallelism(),
    // Spies, stubbed globals and stubbed environment variables are undone after every test by
    // configuration, so a test that forgets its clean-up cannot leak into the next (files share
    // their worker, above).
    restoreMocks: true,
    // `npm run test:pg` runs the server test files tagged postgres (a `// @module-tag` line at the
    // top); tests/project/postgres-files.test.ts says which files the rule asks for.
    tags: [{ name: 'postgres', description: 'also runs on PostgreSQL (npm run test:pg): it checks SQL the dialects could answer differently' }],
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/project/**/*.test.ts'],
          setupFiles: ['tests/server-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.tsx'],
          setupFiles: ['tests/client/setup.ts'],
          // Typing through user-event against a real server per test is slow on a shared machine.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
