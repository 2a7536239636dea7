// Every decision record says when it was taken and whether it still holds, and the index lists it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '..', '..', 'docs', 'decisions');
const records = fs.readdirSync(folder).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = fs.readFileSync(path.join(folder, 'README.md'), 'utf8');

describe('decision records', () => {
  it('are there', () => {
    expect(records.length).toBeGreaterThan(20);
  });

  it.each(records)('%s has a date, a status and a line in the index', (name) => {
    const text = fs.readFileSync(path.join(folder, name), 'utf8');
    expect(text).toMatch(/^\*\*Date:\*\* \d{4}-\d{2}-\d{2} · \*\*Status:\*\* (accepted|superseded by \[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\))$/m);
    expect(index).toContain(`(${name})`);
  });
});
