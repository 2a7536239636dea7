// The home page runs without Mantine's provider (client/home-root.tsx), so the CSS variables the
// provider would write for the site's theme come from a plain style sheet instead
// (client/features/layout/theme-variables.css). This keeps the two the same: when the theme
// changes, the test fails and prints the declarations the sheet must hold.
import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '@client/theme';

const SHEET = path.resolve('client/features/layout/theme-variables.css');

/** `--name: value` pairs of a CSS text, in order, blocks flattened with their selectors. */
function declarations(css: string): string[] {
  const found: string[] = [];
  for (const block of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const selector = (block[1] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').trim();
    for (const declaration of (block[2] ?? '').split(';')) {
      const [name, ...value] = declaration.split(':');
      if (name === undefined || !name.trim().startsWith('--')) continue;
      found.push(`${selector} ${name.trim()}: ${value.join(':').trim()}`);
    }
  }
  return found;
}

describe('the home page theme variables', () => {
  it("hold exactly what Mantine's provider writes for the theme", () => {
    render(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />);
    const written = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
    expect(written).not.toBe('');
    const sheet = fs.readFileSync(SHEET, 'utf8');
    expect(declarations(sheet), `client/features/layout/theme-variables.css must hold:\n${written}`).toEqual(declarations(written));
  });
});
