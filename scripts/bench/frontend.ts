// The front-end figures of `npm run bench`, also run alone by `npm run bench:frontend`: what the
// home page and an event's page make a visitor download (scripts/bench/page-weight.ts) and Lighthouse's scores on them
// (scripts/bench/lighthouse.ts), built first if needed. LIGHTHOUSE=off skips Lighthouse.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, projectRoot } from '@scripts/build.mjs';
import { benchLighthouse } from './lighthouse';
import { bookingFormFigure, measurePageWeight, pageWeightFigures, printPageWeight } from './page-weight';
import { type Figure, printFigures } from './report';

export async function benchFrontEnd(): Promise<Figure[]> {
  await ensureBuilt();
  const clientDir = path.join(projectRoot, 'dist', 'client');
  const weight = measurePageWeight(clientDir);
  printPageWeight(weight);
  const eventWeight = measurePageWeight(clientDir, 'event.html');
  printPageWeight(eventWeight, 'event page');
  const figures = [...pageWeightFigures(weight), ...pageWeightFigures(eventWeight, 'event page'), bookingFormFigure(clientDir)];
  if (process.env.LIGHTHOUSE !== 'off') figures.push(...(await benchLighthouse()));
  return figures;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.env.NODE_ENV ??= 'production';
  const met = printFigures(await benchFrontEnd());
  if (!met) {
    console.error('\nA figure missed its goal.');
    process.exitCode = 1;
  }
}
