import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client lives in client/ and builds to dist/client, which the Fastify server serves.
// In development Vite serves the client and forwards API and upload requests to the server.
export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
});
