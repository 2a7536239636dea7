// Trims the list of files a lazy chunk's import() preloads to the ones its host chunk has not
// already loaded. Vite writes, in each chunk with an import(), the whole static closure of the
// imported chunk (`__vite__mapDeps([...])`); the chunks the host itself imports statically are
// loaded before the host runs, so naming them again only adds bytes to the host. The booking page
// is the case in point: its lazy billing fields (paid sessions only) named 38 files, almost all of
// them the page's own, in the chunk a free session's form downloads.
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;

/** Every chunk `host` imports statically, directly or not (file names as in the bundle). */
export function staticClosure(bundle: OutputBundle, host: string): Set<string> {
  const seen = new Set<string>();
  const queue = [host];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const output = bundle[file];
    if (output?.type !== 'chunk') continue;
    for (const imported of output.imports) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  return seen;
}

/**
 * The plugin, and the `build.modulePreload.resolveDependencies` to use with it (it reads the bundle
 * the plugin keeps). Only JavaScript hosts are trimmed; style sheets Vite keeps as it lists them.
 */
export function preloadTrim(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[] } {
  let bundle: OutputBundle | null = null;
  const closures = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'preload-trim',
      apply: 'build',
      // Before Vite's own generateBundle, which calls resolveDependencies.
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          closures.clear();
        },
      },
    },
    resolveDependencies(file, deps, { hostId, hostType }) {
      if (hostType !== 'js' || bundle === null) return deps;
      let loaded = closures.get(hostId);
      if (loaded === undefined) {
        loaded = staticClosure(bundle, hostId);
        closures.set(hostId, loaded);
      }
      const known = loaded;
      return deps.filter((dep) => dep === file || !known.has(dep));
    },
  };
}
