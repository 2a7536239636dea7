// npm start: build the client when it is missing or older than its sources, then run the server
// (which migrates the database) in production mode unless NODE_ENV says otherwise.
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '@server/env-file';

const builtIndex = path.join(projectRoot, 'dist', 'client', 'index.html');
const sourceRoots = ['client', 'server/schemas', 'vite.config.ts'].map((p) => path.join(projectRoot, p));

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function clientNeedsBuild(): boolean {
  if (!fs.existsSync(path.join(projectRoot, 'client', 'index.html'))) return false; // no client in this checkout
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  return sourceRoots.some((root) => newestMtime(root) > builtAt);
}

process.env.NODE_ENV ??= 'production';
if (clientNeedsBuild()) {
  console.log('Building the client...');
  const { build } = await import('vite');
  await build({ configFile: path.join(projectRoot, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
}
await import('@server/index');
