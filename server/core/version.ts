// The release this server is: package.json's version, read once at start-up (it sits beside the
// compiled server in a release archive, and at the project's root in a checkout).
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './env-file';

function readVersion(): string {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string') return parsed.version;
  } catch {
    // A missing or unreadable package.json leaves the version unknown, never the server down.
  }
  return 'unknown';
}

export const APP_VERSION = readVersion();
