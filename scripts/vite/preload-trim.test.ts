// The preload list of a lazy chunk drops what its host has loaded already, and nothing else.
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadTrim, staticClosure } from './preload-trim';

type OutputBundle = Rolldown.OutputBundle;

/** A bundle of chunks, each with the chunks it imports statically. */
function bundleOf(imports: Record<string, string[]>): OutputBundle {
  return Object.fromEntries(Object.entries(imports).map(([fileName, imported]) => [fileName, { type: 'chunk', fileName, imports: imported }])) as unknown as OutputBundle;
}

// The booking page imports the layout (which imports the runtime) and the form kit; its lazy
// billing fields need the layout, the runtime and the form kit too, and a table of their own.
const bundle = bundleOf({
  'assets/BookingPage.js': ['assets/Layout.js', 'assets/Form.js'],
  'assets/Layout.js': ['assets/runtime.js'],
  'assets/Form.js': ['assets/runtime.js'],
  'assets/runtime.js': [],
  'assets/BillingFields.js': ['assets/Layout.js', 'assets/Form.js', 'assets/Table.js'],
  'assets/Table.js': ['assets/runtime.js'],
});
const billingDeps = ['assets/BillingFields.js', 'assets/Layout.js', 'assets/runtime.js', 'assets/Form.js', 'assets/Table.js'];

/** The trim with `bundle` handed over as Vite's generateBundle would. */
function trimFor(output: OutputBundle) {
  const trim = preloadTrim();
  const hook = trim.plugin.generateBundle;
  if (typeof hook !== 'object' || hook === null) throw new Error('generateBundle is not an object hook');
  (hook.handler as (options: unknown, output: OutputBundle) => void)({}, output);
  return trim;
}

describe('preload-trim', () => {
  it("a chunk's static closure is every chunk it imports, directly or not, without itself", () => {
    expect([...staticClosure(bundle, 'assets/BookingPage.js')].sort()).toEqual(['assets/Form.js', 'assets/Layout.js', 'assets/runtime.js']);
    expect([...staticClosure(bundle, 'assets/runtime.js')]).toEqual([]);
  });

  it('a lazy chunk imported from a script preloads only itself and what its host has not loaded', () => {
    const trim = trimFor(bundle);
    expect(trim.resolveDependencies('assets/BillingFields.js', billingDeps, { hostId: 'assets/BookingPage.js', hostType: 'js' })).toEqual(['assets/BillingFields.js', 'assets/Table.js']);
    // A host that loaded less keeps more.
    expect(trim.resolveDependencies('assets/BillingFields.js', billingDeps, { hostId: 'assets/Table.js', hostType: 'js' })).toEqual(['assets/BillingFields.js', 'assets/Layout.js', 'assets/Form.js', 'assets/Table.js']);
  });

  it('an HTML page, or a build whose bundle it has not seen, keeps the list as Vite made it', () => {
    expect(trimFor(bundle).resolveDependencies('assets/BookingPage.js', billingDeps, { hostId: 'index.html', hostType: 'html' })).toEqual(billingDeps);
    expect(preloadTrim().resolveDependencies('assets/BillingFields.js', billingDeps, { hostId: 'assets/BookingPage.js', hostType: 'js' })).toEqual(billingDeps);
  });
});
