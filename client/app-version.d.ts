// Written into the bundle by Vite's `define` (vite.config.ts): package.json's version.
declare const __APP_VERSION__: string;
