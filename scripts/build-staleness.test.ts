// `npm start` rebuilds the client when anything the bundle is made of changed, including files
// outside client/ that it imports (server/shared, server/schemas, db/schema.ts), and only then.
// Tested on a small project tree in a temporary folder: the input list scripts/build.mjs derives
// from the bundle's module ids, and the rebuild decision when a recorded file's content changes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientInputs, isStale, writeStamp } from './build.mjs';

let root: string;
let output: string;
let stamp: string;

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

const PROJECT: Record<string, string> = {
  'client/main.tsx': "import { formatSlot } from '@server/shared/time';",
  'client/index.html': '<div id="root"></div>',
  'client/public/favicon.svg': '<svg/>',
  'client/features/home/shared.module.css': '.section { padding: 4rem 0; }',
  'client/unused.ts': 'export const nobodyImportsThis = 1;',
  'server/shared/time.ts': 'export const formatSlot = () => "10:00";',
  'server/bookings/bookings.schemas.ts': 'export const BOOKING_STATUSES = ["pending"];',
  'db/schema.ts': 'export const CONTACT_STATUSES = ["new"];',
  'server/index.ts': 'server only',
  'vite.config.ts': 'export default {};',
  'tsconfig.json': '{}',
  'package-lock.json': '{}',
  'node_modules/react/index.js': 'react',
};

/** Module ids the way Vite reports a client bundle: absolute paths, queries, virtual modules, packages. */
function bundleModuleIds(): string[] {
  return [
    path.join(root, 'client/main.tsx'),
    `${path.join(root, 'client/features/home/shared.module.css')}?used`,
    path.join(root, 'server/shared/time.ts'),
    path.join(root, 'server/bookings/bookings.schemas.ts'),
    path.join(root, 'db/schema.ts'),
    path.join(root, 'node_modules/react/index.js'),
    '\0vite/preload-helper.js',
    path.join(os.tmpdir(), 'outside-the-project.ts'),
  ];
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-staleness-'));
  for (const [file, content] of Object.entries(PROJECT)) write(file, content);
  output = path.join(root, 'dist/client/index.html');
  write('dist/client/index.html', '<built/>');
  stamp = path.join(root, 'dist/client-inputs.json');
  writeStamp(stamp, clientInputs(bundleModuleIds(), root), root);
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('client build inputs', () => {
  it('are the project files the bundle is made of, public files, index.html and config: no packages, virtual modules or unimported files', () => {
    expect(clientInputs(bundleModuleIds(), root)).toEqual([
      'client/features/home/shared.module.css',
      'client/index.html',
      'client/main.tsx',
      'client/public/favicon.svg',
      'db/schema.ts',
      'package-lock.json',
      'server/bookings/bookings.schemas.ts',
      'server/shared/time.ts',
      'tsconfig.json',
      'vite.config.ts',
    ]);
  });
});

describe('the rebuild decision', () => {
  it('is no rebuild right after a build', () => {
    expect(isStale(output, stamp, root)).toBe(false);
  });

  it.each(['server/shared/time.ts', 'server/bookings/bookings.schemas.ts', 'db/schema.ts', 'client/features/home/shared.module.css', 'client/public/favicon.svg', 'vite.config.ts'])(
    'is a rebuild when the content of %s changes, and none once it is back as it was',
    (file) => {
      const original = PROJECT[file] ?? '';
      write(file, `${original}\n// edited`);
      expect(isStale(output, stamp, root)).toBe(true);
      write(file, original);
      expect(isStale(output, stamp, root)).toBe(false);
    },
  );

  it('is no rebuild when only the modification time changes, or a file the bundle does not import changes', () => {
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'server/shared/time.ts'), later, later);
    write('client/unused.ts', 'export const nobodyImportsThis = 2;');
    write('server/index.ts', 'server only, edited');
    expect(isStale(output, stamp, root)).toBe(false);
  });

  it('is a rebuild when an input is gone, the output is missing, or the record is missing, empty or unreadable', () => {
    fs.rmSync(path.join(root, 'server/shared/time.ts'));
    expect(isStale(output, stamp, root)).toBe(true);
    write('server/shared/time.ts', PROJECT['server/shared/time.ts'] ?? '');
    expect(isStale(output, stamp, root)).toBe(false);

    fs.rmSync(output);
    expect(isStale(output, stamp, root)).toBe(true);
    write('dist/client/index.html', '<built/>');

    for (const record of ['{"files":{}}', 'not json', '{"files":null}']) {
      fs.writeFileSync(stamp, record);
      expect(isStale(output, stamp, root), record).toBe(true);
    }
    fs.rmSync(stamp);
    expect(isStale(output, stamp, root)).toBe(true);
  });
});
