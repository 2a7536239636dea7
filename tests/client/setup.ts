// jsdom lacks a few browser APIs Mantine uses; these are the shims Mantine's testing guide lists.
import '@testing-library/jest-dom/vitest';
import { createRequire } from 'node:module';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createTranslator, setDefaultTranslator } from '@client/i18n';
import { compiledCatalog } from '@server/shared/i18n/catalogs';

// Components rendered without a page around them speak English, the site's default language.
setDefaultTranslator(createTranslator({ language: 'en', messages: compiledCatalog('en') }));

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: without this, a toast of one test (role="alert") is still
  // there in the next test of the file, whatever order the tests run in.
  notifications.clean();
});

// findBy*/waitFor wait for the event itself; the default 1 s gives up too early on a loaded machine,
// and so did 10 s: on a 2-core machine shared with heavy work, the Home Page editor took longer than
// that to appear. The bound only matters when a test fails (a passing test waits for its event, not
// for the bound), so it is generous; the client project's testTimeout stays above it.
configure({ asyncUtilTimeout: 30_000 });

// jsdom matches its whole user-agent style sheet (112 rules) against an element each time it
// computes a style, and computes styles constantly: Testing Library's role queries check every
// candidate and its ancestors for display and visibility (and accessible names put spaces between
// blocks), user-event checks pointer-events before each click, Floating UI measures on each render;
// every DOM change drops jsdom's cache. That was 40% of the client tests' CPU. Nothing here lays out
// a page, so the sheet keeps only its rules that say how an element displays, in their order, and
// only those declarations (fonts, margins, colours and borders go): the checks read the same values.
const UA_SHEET_MARK = 'https://html.spec.whatwg.org/multipage/rendering.html#hidden-elements';
const KEPT_PROPERTIES = ['display', 'visibility', 'pointer-events'];
interface ParsedRule {
  selectorText?: string;
  style?: { getPropertyValue(name: string): string; getPropertyPriority(name: string): string };
}
type CssParser = { parse: (text: string) => { cssRules: ArrayLike<ParsedRule> }; [UA_SHEET_CUT]?: true };
const UA_SHEET_CUT = Symbol.for('jsdom user-agent sheet cut');

function displayRulesOf(sheet: { cssRules: ArrayLike<ParsedRule> }): string {
  const kept: string[] = [];
  for (const rule of Array.from(sheet.cssRules)) {
    if (rule.selectorText === undefined || rule.style === undefined) continue; // @media: jsdom skips these
    const { style } = rule;
    const declarations = KEPT_PROPERTIES.filter((name) => style.getPropertyValue(name) !== '').map(
      (name) => `${name}: ${style.getPropertyValue(name)}${style.getPropertyPriority(name) === 'important' ? ' !important' : ''};`,
    );
    if (declarations.length > 0) kept.push(`${rule.selectorText} { ${declarations.join(' ')} }`);
  }
  return kept.join('\n');
}

// jsdom's own copy of its CSS parser (the one its style rules call), patched once per worker.
const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const cssParser = jsdomRequire('@acemir/cssom') as CssParser;
if (cssParser[UA_SHEET_CUT] === undefined) {
  const parse = cssParser.parse;
  cssParser.parse = (text) => (text.includes(UA_SHEET_MARK) ? parse(displayRulesOf(parse(text))) : parse(text));
  cssParser[UA_SHEET_CUT] = true;
}

// This file runs before every test file, and test files share a window (vitest.config.ts: no
// isolation): the shim wraps jsdom's own getComputedStyle once, not once more per file.
const JSDOM_GET_COMPUTED_STYLE = Symbol.for('jsdom getComputedStyle');
const windowWithOriginal = window as typeof window & { [JSDOM_GET_COMPUTED_STYLE]?: typeof window.getComputedStyle };
const jsdomGetComputedStyle = (windowWithOriginal[JSDOM_GET_COMPUTED_STYLE] ??= window.getComputedStyle);
window.getComputedStyle = (element) => jsdomGetComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => undefined;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

class ResizeObserverShim {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverShim;

class IntersectionObserverShim {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.IntersectionObserver ??= IntersectionObserverShim as unknown as typeof IntersectionObserver;

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
// The router restores scroll positions; jsdom does not implement scrolling.
window.scrollTo = () => undefined;
