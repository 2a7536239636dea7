// The type system holds: two typefaces, both shipped with the site (Inter for text and the product,
// the display serif for the marketing pages' headings, client/features/layout/fonts.css), named in
// one place each, and one heading scale (client/theme.ts) that screens use by level, never resized
// one by one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { theme } from '@client/theme';
import { PRELOADED_FONTS } from '@scripts/vite/font-preload';

const root = path.resolve(import.meta.dirname, '..', '..');

function filesUnder(folder: string, pattern: RegExp): string[] {
  return fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => pattern.test(file));
}

describe('the type system', () => {
  it('names a typeface only in fonts.css and the theme: styles use var(--font-display) or inherit Inter', () => {
    const named = filesUnder('client', /\.(css|tsx?)$/)
      .filter((file) => !file.endsWith('fonts.css') && !file.endsWith('theme.ts'))
      .filter((file) => /font-family:\s*(?![\s]|var\(|inherit)|fontFamily:\s*'(?!var\()/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(named).toEqual([]);
  });

  it('ships the fonts it names and preloads: Inter and Source Serif 4 from the site itself', () => {
    const fonts = fs.readFileSync(path.join(root, 'client/features/layout/fonts.css'), 'utf8');
    expect(fonts).toContain("--font-display: 'Source Serif 4'");
    expect(theme.fontFamily?.startsWith('Inter Variable,')).toBe(true);
    const styles = fs.readFileSync(path.join(root, 'client/features/layout/public-styles.ts'), 'utf8');
    expect(styles).toContain("import '@fontsource-variable/inter/wght.css';");
    expect(styles).toContain("import '@fontsource/source-serif-4/latin-700.css';");
    for (const file of PRELOADED_FONTS) {
      const folder = file.startsWith('inter') ? '@fontsource-variable/inter' : '@fontsource/source-serif-4';
      expect(fs.existsSync(path.join(root, 'node_modules', folder, 'files', file)), file).toBe(true);
    }
  });

  it('has one heading scale, from the page title down, and screens never resize a heading', () => {
    const sizes = Object.values(theme.headings?.sizes ?? {}).map((size) => Number.parseFloat(size.fontSize ?? ''));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[0]).toBe(1.5);
    const resized = filesUnder('client/features', /\.tsx$/).flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .filter((line) => /<Title\b[^>]*\bsize="h[1-6]"/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(resized).toEqual([]);
  });
});
