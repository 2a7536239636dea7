// Loads .env from the project root when it exists, for the server and the scripts alike.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function loadDotEnv(): void {
  try {
    process.loadEnvFile(path.join(projectRoot, '.env'));
  } catch {
    // no .env file: the environment alone configures the process
  }
}
