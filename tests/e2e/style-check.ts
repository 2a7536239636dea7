// A screenshot-free check that a page is styled as designed, run in the browser: every Mantine part
// on the page has its component's style sheet loaded, no icon in a control is drawn giant, and the
// page is not taller than its content should be. A page whose chunk forgot a component's styles
// (a border-less input, a 300 px chevron, a bare-table calendar) fails here, not only in a screenshot.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** The class names Mantine's own style sheet gives rules to (`m_` and eight hex digits). */
function mantineStyledClasses(): string[] {
  const sheet = fs.readFileSync(path.resolve('node_modules/@mantine/core/styles.css'), 'utf8');
  return [...new Set(sheet.match(/\.m_[0-9a-f]{8}\b/g) ?? [])].map((selector) => selector.slice(1));
}

let styledClasses: string[] | undefined;

/** An icon in a button, link or field is at most this wide; anything larger is an unstyled one. */
const LARGEST_CONTROL_ICON_PX = 48;

export interface StyleProblems {
  /** Mantine parts rendered without their component's styles: 'mantine-Radio-card (m_...)'. */
  unstyled: string[];
  /** Icons inside controls drawn wider than LARGEST_CONTROL_ICON_PX. */
  giantIcons: string[];
  /** The document's height in CSS pixels. */
  height: number;
  /** Whether the page scrolls sideways. */
  scrollsSideways: boolean;
  /** The page's style sheet links and whether each has loaded (told beside unstyled parts). */
  sheets: string[];
}

/** What is wrong with the page's styles as it stands (empty lists when nothing is). */
export async function styleProblems(page: Page): Promise<StyleProblems> {
  styledClasses ??= mantineStyledClasses();
  // A style sheet still downloading (a busy machine, a lazy chunk's sheet) is not a forgotten one:
  // the check reads the sheets once every linked one has arrived.
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((link) => link.sheet !== null));
  return page.evaluate(
    ({ styled, largestIcon }) => {
      // The class names the page's loaded style sheets mention, nested rules (@layer, @media) too.
      const loaded = new Set<string>();
      const visit = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) for (const name of rule.selectorText.match(/m_[0-9a-f]{8}/g) ?? []) loaded.add(name);
          if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
      const styledSet = new Set(styled);
      const unstyled = new Set<string>();
      for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
        for (const name of Array.from(element.classList)) {
          if (!styledSet.has(name) || loaded.has(name)) continue;
          const part = Array.from(element.classList).find((other) => other.startsWith('mantine-')) ?? element.tagName.toLowerCase();
          unstyled.add(`${part} (${name})`);
        }
      }
      const giantIcons = Array.from(document.querySelectorAll('button svg, a svg, [role="button"] svg, [class*="mantine-Input-section"] svg'))
        .map((icon) => ({ icon, width: icon.getBoundingClientRect().width }))
        .filter(({ width }) => width > largestIcon)
        .map(({ icon, width }) => `${icon.closest('button, a, [role="button"], [class*="mantine-"]')?.getAttribute('class') ?? 'svg'} (${Math.round(width)} px)`);
      return {
        unstyled: [...unstyled].sort(),
        giantIcons,
        height: document.documentElement.scrollHeight,
        scrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
        sheets: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((link) => `${new URL(link.href).pathname}${link.sheet === null ? ' (not loaded)' : ''}`),
      };
    },
    { styled: styledClasses, largestIcon: LARGEST_CONTROL_ICON_PX },
  );
}
