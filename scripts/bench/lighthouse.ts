// Lighthouse on the home page, an event's page (the seed's first event), the French home page and the privacy page as a phone sees them (the default mobile preset: a mid-range phone on a
// slow 4G link, simulated), against the built server with the seed's demo data, in Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium). The median of LIGHTHOUSE_RUNS runs (default 3)
// of each category score goes into the bench's goal table; the audits that lost points are listed.
// Scores depend on the machine: on a loaded one the simulated phone is slower too.
// LIGHTHOUSE_BRAND=#primary,#accent runs it with a customer's colours instead of the default ones
// (written into the seeded site's identity as Settings > Site would save them).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import SQLite from 'better-sqlite3';
import lighthouse from 'lighthouse';
import { projectRoot } from '@scripts/build.mjs';
import type { Figure } from './report';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4393);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = [
  { id: 'performance', name: 'Lighthouse performance (mobile)', goal: 95 },
  { id: 'accessibility', name: 'Lighthouse accessibility', goal: 98 },
  { id: 'best-practices', name: 'Lighthouse best practices', goal: 100 },
  { id: 'seo', name: 'Lighthouse SEO', goal: 100 },
] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Starts the built server and resolves once it says it is running. */
function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [path.join(projectRoot, 'dist', 'server', 'index.js')], { cwd: projectRoot, env });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Site running')) {
        clearTimeout(timer);
        resolve(server);
      }
    });
    server.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
}

/** Writes a customer's primary and accent colours into the seeded site's identity. */
function useBrandColours(file: string, primaryColor: string, accentColor: string): void {
  const sqlite = new SQLite(file);
  try {
    const row = sqlite.prepare("select value from settings where key = 'identity'").get() as { value: string } | undefined;
    const identity = { ...(row === undefined ? {} : (JSON.parse(row.value) as object)), primaryColor, accentColor };
    sqlite
      .prepare("insert into settings (key, value, updated_at) values ('identity', ?, ?) on conflict (key) do update set value = excluded.value")
      .run(JSON.stringify(identity), new Date().toISOString());
  } finally {
    sqlite.close();
  }
}

/** The page of the first event the home page shows, asked of the running server as a visitor would. */
async function firstEventPath(): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ limit: 1 }));
  const response = await fetch(`http://127.0.0.1:${PORT}/api/trpc/events.list?input=${input}`);
  const body = (await response.json()) as { result?: { data?: { id: string }[] } };
  const id = body.result?.data?.[0]?.id;
  if (id === undefined) throw new Error('the seeded site shows no event');
  return `/events/${encodeURIComponent(id)}`;
}

/** One page's scores, metrics and lost points over the runs. */
interface PageScores {
  label: string;
  path: string;
  scores: Map<string, number[]>;
  metrics: Map<string, number[]>;
  lostPoints: Set<string>;
}

/** Runs Lighthouse on `/`, an event's page, `/fr/` and `/privacy` of a freshly seeded built server (build it first: scripts/build.mjs). */
export async function benchLighthouse(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  await run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { ...env, NODE_ENV: 'development' });
  const brand = process.env.LIGHTHOUSE_BRAND?.split(',');
  if (brand !== undefined) useBrandColours(path.join(dataDir, 'app.db'), brand[0] ?? '', brand[1] ?? '');
  const server = await startServer(env);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const pages: PageScores[] = [];
  try {
    const eventPath = await firstEventPath();
    const pagesToScore = [
      ['home page', '/'],
      ['event page', eventPath],
      ['French home page', '/fr/'],
      ['privacy page', '/privacy'],
    ] as const;
    for (const [label, pagePath] of pagesToScore) {
      const scores = new Map<string, number[]>();
      const metrics = new Map<string, number[]>();
      const lostPoints = new Set<string>();
      pages.push({ label, path: pagePath, scores, metrics, lostPoints });
      for (let i = 0; i < RUNS; i += 1) {
        const result = await lighthouse(`http://127.0.0.1:${PORT}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES.map((category) => category.id),
        });
        if (result === undefined) throw new Error('Lighthouse gave no result');
        const { categories, audits } = result.lhr;
        for (const category of CATEGORIES) {
          const score = Math.round((categories[category.id]?.score ?? 0) * 100);
          scores.set(category.id, [...(scores.get(category.id) ?? []), score]);
          for (const ref of categories[category.id]?.auditRefs ?? []) {
            const audit = audits[ref.id];
            if (ref.weight > 0 && audit !== undefined && audit.score !== null && audit.score < 1 && !METRICS.includes(ref.id)) {
              lostPoints.add(`${category.id}: ${audit.id} (${audit.title})${audit.displayValue ? ` ${audit.displayValue}` : ''}`);
            }
          }
        }
        for (const id of METRICS) metrics.set(id, [...(metrics.get(id) ?? []), audits[id]?.numericValue ?? 0]);
      }
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return pages.flatMap(({ label, path: pagePath, scores, metrics, lostPoints }) => {
    console.log(`\nLighthouse on ${pagePath} (${label}, mobile preset, median of ${RUNS} runs)`);
    for (const id of METRICS) {
      const value = median(metrics.get(id) ?? []);
      console.log(`  ${id.padEnd(26)} ${id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`}`);
    }
    for (const line of [...lostPoints].sort()) console.log(`  lost points: ${line}`);
    return CATEGORIES.map((category): Figure => ({
      // The home page's figures keep their names, so earlier reports compare.
      name: label === 'home page' ? category.name : `${category.name}, ${label}`,
      value: median(scores.get(category.id) ?? []),
      unit: 'points',
      goal: { kind: 'at-least', target: category.goal },
    }));
  });
}
