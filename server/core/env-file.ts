// Loads .env from the project root when it exists, for the server and the scripts alike.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, whether this runs from server/ (tsx) or from the bundle in dist/server/. */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start, '..');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

export function loadDotEnv(): void {
  try {
    process.loadEnvFile(path.join(projectRoot, '.env'));
  } catch {
    // no .env file: the environment alone configures the process
  }
}
