import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Absolute, so the build works from any working directory (scripts/start.ts builds on demand).
const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** Import aliases, the same as tsconfig.json's `paths` (tsx and the server build read those). */
export const pathAliases = {
  '@server': fromHere('./server'),
  '@client': fromHere('./client'),
  '@db': fromHere('./db'),
};

// The client lives in client/ and builds to dist/client, which the Fastify server serves.
// In development Vite serves the client and forwards API and upload requests to the server.
export default defineConfig({
  root: fromHere('./client'),
  plugins: [react()],
  resolve: { alias: pathAliases },
  build: {
    outDir: fromHere('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
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
