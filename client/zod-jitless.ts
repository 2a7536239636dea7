// Imported first by each entry script (main.tsx, home.tsx, event.tsx), before any chunk with zod
// loads. zod keeps its settings on globalThis.__zod_globalConfig and decides at each object schema's
// creation whether to compile parsers with `new Function`, which the site's Content-Security-Policy
// forbids (its feature probe alone is reported as a violation). z.config() in client/zod-config.ts
// runs only once zod's chunk has been evaluated, and the bundler may put schemas in that same chunk
// (then created before the call): setting the global here, without importing zod, comes first.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
