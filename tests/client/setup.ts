// jsdom lacks a few browser APIs Mantine uses; these are the shims Mantine's testing guide lists.
import '@testing-library/jest-dom/vitest';
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
