// docs/architecture.md's folder map names every domain folder of the server and every screen
// folder of the client, so a folder added without a line there fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const architecture = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const mapStart = architecture.indexOf('## Folder map');
const map = architecture.slice(mapStart, architecture.indexOf('\n## ', mapStart + 1));

function folders(relative: string): string[] {
  return fs
    .readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${relative}/${entry.name}`);
}

describe("architecture.md's folder map", () => {
  it('is there', () => {
    expect(mapStart).toBeGreaterThan(0);
    expect(map).toContain('server/');
  });

  it.each([...folders('server'), ...folders('client/features'), ...folders('client/features/admin')])('names %s', (folder) => {
    expect(map).toMatch(new RegExp(`(^|[\\s(])${path.basename(folder).replace(/[-]/g, '\\-')}/`, 'm'));
  });
});
