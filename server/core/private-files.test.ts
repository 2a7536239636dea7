// The data folder, the database and its side files are for the site's own user (issue 34, finding
// 8): made 0700/0600 whatever the umask, and a folder or database made 0755/0644 by an older
// version is tightened when the site starts. Backups and uploads are covered beside their code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile, openDatabase } from '@db/database';
import { checkDataDir } from './startup';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('private files', () => {
  let parent: string;
  let umask: number;

  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'private-files-'));
    // The usual umask, under which files were created readable by everyone.
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('makes a new data folder 0700, and tightens one made 0755 before', () => {
    const fresh = path.join(parent, 'new', 'data');
    checkDataDir(fresh);
    expect(modeOf(fresh)).toBe(0o700);

    const older = path.join(parent, 'older');
    fs.mkdirSync(older, { mode: 0o755 });
    expect(modeOf(older)).toBe(0o755);
    checkDataDir(older);
    expect(modeOf(older)).toBe(0o700);
  });

  it('creates app.db and its WAL 0600, and tightens a database made 0644 before', () => {
    const dataDir = path.join(parent, 'data');
    const opened = openDatabase(databaseFile(dataDir));
    opened.sqlite.exec('create table t (x); insert into t values (1)');
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(databaseFile(dataDir))).toBe(0o600);
    expect(modeOf(`${databaseFile(dataDir)}-wal`)).toBe(0o600);
    expect(modeOf(`${databaseFile(dataDir)}-shm`)).toBe(0o600);
    opened.sqlite.close();

    const older = path.join(parent, 'older.db');
    fs.writeFileSync(older, '', { mode: 0o644 });
    expect(modeOf(older)).toBe(0o644);
    const reopened = openDatabase(older);
    expect(modeOf(older)).toBe(0o600);
    reopened.sqlite.close();
  });

  it('opens an existing file with mustExist and tightens it, but creates neither a missing file nor its folder', () => {
    const inMissingFolder = databaseFile(path.join(parent, 'none'));
    expect(() => openDatabase(inMissingFolder, { mustExist: true })).toThrow('Cannot open database because the directory does not exist');
    expect(fs.existsSync(path.dirname(inMissingFolder))).toBe(false);
    const missing = path.join(parent, 'missing.db');
    expect(() => openDatabase(missing, { mustExist: true })).toThrow('unable to open database file');
    expect(fs.existsSync(missing)).toBe(false);

    const older = path.join(parent, 'older.db');
    openDatabase(older).sqlite.close();
    fs.chmodSync(older, 0o644);
    const reopened = openDatabase(older, { mustExist: true });
    expect(modeOf(older)).toBe(0o600);
    reopened.sqlite.close();
  });
});
