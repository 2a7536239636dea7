// Preloads the site's two typefaces in every built page (client/features/layout/fonts.css): the
// browser would otherwise find them only after the style sheet has arrived and been applied, and
// show the fallback for longer. The files have content hashes in their names, known once the
// bundle is written, so the links are added to the pages then.
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputAsset = Rolldown.OutputAsset;

/** The font files every page shows above the fold: Inter's latin subset and the display serif. */
export const PRELOADED_FONTS = ['inter-latin-wght-normal.woff2', 'source-serif-4-latin-700-normal.woff2'];

function isAsset(output: OutputBundle[string]): output is OutputAsset {
  return output.type === 'asset';
}

/** The built address of each preloaded font, in PRELOADED_FONTS' order. */
export function preloadedFontFiles(bundle: OutputBundle): string[] {
  const assets = Object.values(bundle).filter(isAsset);
  return PRELOADED_FONTS.map((name) => {
    const asset = assets.find((candidate) => candidate.originalFileNames.some((original) => original.endsWith(`/${name}`)));
    if (asset === undefined) throw new Error(`font-preload: ${name} is not in the bundle (is fonts.css still imported?)`);
    return `/${asset.fileName}`;
  });
}

export function fontPreload(): Plugin {
  return {
    name: 'font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (context.bundle === undefined) return [];
        return preloadedFontFiles(context.bundle).map((href) => ({
          tag: 'link',
          attrs: { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
