// What a visitor's browser downloads to show the home page, or an event's page: the scripts and
// style sheets the built home.html (event.html) references (the entry, its modulepreloads, its style sheets), gzipped as the server
// sends them, and the fonts it preloads (woff2, compressed already). Back-office chunks must not be among them.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './report';

export interface PageWeight {
  scripts: { file: string; gzipBytes: number }[];
  styles: { file: string; gzipBytes: number }[];
  fonts: { file: string; bytes: number }[];
}

const PRELOADED_FONT = /<link rel="preload" href="(\/assets\/[^"]+\.woff2)" as="font"/g;

const ASSET_REFERENCE = /<(?:script[^>]*\bsrc|link[^>]*\bhref)="(\/assets\/[^"]+\.(?:js|css))"/g;

function gzipSize(file: string): number {
  // The build writes the .gz the server sends; measure that, or compress the same way.
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export function measurePageWeight(clientDir: string, builtPage: 'home.html' | 'event.html' = 'home.html'): PageWeight {
  // The page a visitor gets at `/` (or `/events/<id>`): the server-rendered page's own (no router).
  const ownPage = path.join(clientDir, builtPage);
  const html = fs.readFileSync(fs.existsSync(ownPage) ? ownPage : path.join(clientDir, 'index.html'), 'utf8');
  const files = [...new Set([...html.matchAll(ASSET_REFERENCE)].map((match) => match[1] ?? ''))];
  const measured = files.map((file) => ({ file, gzipBytes: gzipSize(path.join(clientDir, file)) }));
  const fonts = [...new Set([...html.matchAll(PRELOADED_FONT)].map((match) => match[1] ?? ''))];
  return {
    scripts: measured.filter((entry) => entry.file.endsWith('.js')),
    styles: measured.filter((entry) => entry.file.endsWith('.css')),
    fonts: fonts.map((file) => ({ file, bytes: fs.statSync(path.join(clientDir, file)).size })),
  };
}

const KB = 1024;
/** Chunk names of the back office and the sign-in pages (Vite names a chunk after its module). */
const BACK_OFFICE = /\/(Admin|Login|Setup|Dashboard|Bookings|Contacts|Delegates|Events|Sessions|Settings|AuditLog|HomePageEditor)[A-Z-]/;

export function pageWeightFigures(weight: PageWeight, label = 'home page'): Figure[] {
  const total = (entries: { gzipBytes: number }[]) => entries.reduce((sum, entry) => sum + entry.gzipBytes, 0) / KB;
  return [
    { name: `${label} JavaScript (gzip)`, value: total(weight.scripts), unit: 'KB', goal: { kind: 'at-most', target: 100 } },
    { name: `${label} CSS (gzip)`, value: total(weight.styles), unit: 'KB', goal: { kind: 'at-most', target: 20 } },
    // Inter (every weight, latin) and the display serif's bold: about 70 KB.
    {
      name: `${label} fonts (woff2, preloaded)`,
      value: weight.fonts.reduce((sum, entry) => sum + entry.bytes, 0) / KB,
      unit: 'KB',
      goal: { kind: 'at-most', target: 80 },
    },
    {
      // Each file is a request before the first paint; over HTTP/1.1 a phone fetches six at a time,
      // so Lighthouse's first paint counts them. The event page's seven scripts were eleven.
      name: `${label} files before first paint (scripts, style sheets, fonts)`,
      value: weight.scripts.length + weight.styles.length + weight.fonts.length,
      unit: 'files',
      goal: { kind: 'at-most', target: 14 },
    },
    {
      name: `back-office chunks on the ${label}`,
      value: weight.scripts.filter((entry) => BACK_OFFICE.test(entry.file)).length,
      unit: 'files',
      goal: { kind: 'at-most', target: 0 },
    },
  ];
}

export function printPageWeight(weight: PageWeight, label = 'home page'): void {
  console.log(`\n${label} downloads (gzip)`);
  for (const entry of [...weight.scripts, ...weight.styles]) {
    console.log(`  ${entry.file.padEnd(44)} ${(entry.gzipBytes / KB).toFixed(1).padStart(7)} KB`);
  }
  for (const entry of weight.fonts) console.log(`  ${entry.file.padEnd(44)} ${(entry.bytes / KB).toFixed(1).padStart(7)} KB`);
}

/**
 * The booking form's own chunk (BookingPage), which a free session's form downloads: 5.5 kB gzip
 * before paid sessions (5,604 B with gzip -9). The paid parts (billing fields, voucher) and the
 * outcome screen are chunks of their own, fetched when needed, and their preload lists name only
 * what the page has not loaded (scripts/vite/preload-trim.ts): the goal is what it weighed before.
 * tests/e2e/paid-sessions.spec.ts holds the same budget.
 */
export function bookingFormFigure(clientDir: string): Figure {
  const assets = path.join(clientDir, 'assets');
  const chunk = fs.readdirSync(assets).find((file) => /^BookingPage-[\w-]+\.js$/.test(file));
  if (chunk === undefined) throw new Error('no BookingPage chunk in the build');
  return { name: 'booking form chunk, free session (gzip)', value: gzipSize(path.join(assets, chunk)) / KB, unit: 'KB', goal: { kind: 'at-most', target: 5.5 } };
}
