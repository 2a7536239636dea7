// The README is what a newcomer reads in five minutes: it stays short, and every file it points to
// exists (the detail lives in docs/, which it links).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

describe('README.md', () => {
  it('is at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links only to files that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '').filter((target) => !/^[a-z]+:/.test(target));
    expect(targets.length).toBeGreaterThan(5);
    expect(targets.filter((target) => !fs.existsSync(path.join(root, target)))).toEqual([]);
  });
});
