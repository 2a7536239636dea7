// What the site writes under DATA_DIR is for the user the site runs as only: the database holds the
// SMTP password, the two-factor secrets and people's data, the backups copy it. Folders are made
// 0700, files 0600, whatever the umask says. The server and the scripts also set the umask to
// 0077 (privateUmask), so nothing they write is readable by others even where no mode is given.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** For every file and folder the process creates from now on: readable by its own user only. */
export function privateUmask(): void {
  process.umask(0o077);
}

/** Makes `dir` (and its missing parents) with mode 0700; an existing folder keeps its mode. */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes `dir` 0700 when it exists already with a wider mode (a data folder made before modes were
 * set was 0755) and belongs to this user; a folder of another user is left as it is.
 */
export function keepDirPrivate(dir: string): void {
  makePrivateDir(dir);
  const stat = fs.statSync(dir);
  if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE && stat.uid === process.getuid?.()) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Gives `file` mode 0600. */
export async function makePrivateFile(file: string): Promise<void> {
  await fsp.chmod(file, PRIVATE_FILE_MODE);
}

/** Folders 0700 and files 0600 throughout `root` (itself included); a link is left alone, never followed. */
export async function makeTreePrivate(root: string): Promise<void> {
  const stat = await fsp.lstat(root);
  if (stat.isSymbolicLink()) return;
  if (!stat.isDirectory()) {
    await fsp.chmod(root, PRIVATE_FILE_MODE);
    return;
  }
  await fsp.chmod(root, PRIVATE_DIR_MODE);
  for (const entry of await fsp.readdir(root)) await makeTreePrivate(path.join(root, entry));
}
