// jsdom lacks a few browser APIs Mantine uses; these are the shims Mantine's testing guide lists.
import '@testing-library/jest-dom/vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createTranslator, setDefaultTranslator } from '@client/i18n';
import { compiledCatalog } from '@server/shared/i18n/catalogs';
import { describeQueries, forgetQueryClients } from './query-diagnostics';

// Components rendered without a page around them speak English, the site's default language.
setDefaultTranslator(createTranslator({ language: 'en', messages: compiledCatalog('en') }));

afterEach((context) => {
  // Before cleanup unmounts the screens: a failed test says what its queries were doing.
  if (context.task.result?.state === 'fail') {
    const queries = describeQueries();
    if (queries !== '') console.error(`Queries and mutations of "${context.task.name}" when it failed:\n${queries}`);
  }
  forgetQueryClients();
  cleanup();
  // Toasts live in a module-level store: without this, a toast of one test (role="alert") is still
  // there in the next test of the file, whatever order the tests run in.
  notifications.clean();
  // Files share their worker (isolate: false) and restoreMocks leaves fake timers on: put the real
  // clock back, or a test that forgot would move time for every later file (tests/server-setup.ts).
  vi.useRealTimers();
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

// jsdom finds a label's control (its `for`) by walking the whole document for each label, and an
// input's labels by asking every node of the document for its control: each label query of a form
// grows with the square of the page (10 s of the 44 s the Settings System tab's tests took). The
// document's own id index answers the same question; anything else (no `for`, a label outside the
// document, an id used twice) still takes jsdom's walk.
interface LabelImpl {
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): { _ids?: Record<string, unknown[] | undefined>; getElementById?(id: string): unknown };
  _ownerDocument: unknown;
}
const jsdomLib = path.dirname(createRequire(import.meta.url).resolve('jsdom'));
const labelPrototype = (jsdomRequire(path.join(jsdomLib, 'jsdom/living/nodes/HTMLLabelElement-impl.js')) as { implementation: { prototype: object } }).implementation.prototype;
const { isLabelable } = jsdomRequire(path.join(jsdomLib, 'jsdom/living/helpers/form-controls.js')) as { isLabelable: (node: unknown) => boolean };
const LABEL_CONTROL_INDEXED = Symbol.for('jsdom label control by id');
if (!(LABEL_CONTROL_INDEXED in labelPrototype)) {
  const walk = Object.getOwnPropertyDescriptor(labelPrototype, 'control')?.get;
  if (walk === undefined) throw new Error('jsdom no longer defines HTMLLabelElement control: remove this shim');
  Object.defineProperty(labelPrototype, 'control', {
    configurable: true,
    get(this: LabelImpl) {
      const forValue = this.getAttributeNS(null, 'for');
      if (forValue !== null && forValue !== '') {
        const root = this.getRootNode({});
        if (root === this._ownerDocument && root.getElementById !== undefined && (root._ids?.[forValue]?.length ?? 0) <= 1) {
          const target = root.getElementById(forValue);
          return target !== null && isLabelable(target) ? target : null;
        }
      }
      return walk.call(this);
    },
  });
  Object.defineProperty(labelPrototype, LABEL_CONTROL_INDEXED, { value: true });
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
