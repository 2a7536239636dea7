// The secrets of calendar connections (an app password, a feed's secret address) are stored
// encrypted with AES-256-GCM: 'v1:' + base64url(iv | tag | ciphertext). The key comes from
// CALENDAR_SECRET_KEY, else from DATA_DIR/calendar-secret.key, created once (mode 0600) by the
// first instance that needs it; every instance on one DATA_DIR reads the same file. A secret is
// decrypted only to talk to its server, never answered back and never logged.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@server/core/config';

export const KEY_FILE_NAME = 'calendar-secret.key';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A secret that no longer decrypts (another key, a damaged value): the connection must be made again. */
export class UnreadableSecretError extends Error {
  override name = 'UnreadableSecretError';
}

const keys = new Map<string, Buffer>();

function readOrCreateKeyFile(file: string): Buffer {
  try {
    const handle = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(handle, `${randomBytes(32).toString('hex')}\n`);
    } finally {
      fs.closeSync(handle);
    }
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new Error(`${file} does not hold a 64-character hexadecimal key`);
  return Buffer.from(text, 'hex');
}

/** The key of `config`: the environment's, else the data folder's file (made on first use). */
export function secretKeyOf(config: Pick<Config, 'dataDir' | 'calendars'>): Buffer {
  if (config.calendars.secretKey !== undefined) return Buffer.from(config.calendars.secretKey, 'hex');
  const file = path.resolve(config.dataDir, KEY_FILE_NAME);
  let key = keys.get(file);
  if (key === undefined) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    key = readOrCreateKeyFile(file);
    keys.set(file, key);
  }
  return key;
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith('v1:')) throw new UnreadableSecretError('unknown secret format');
  const raw = Buffer.from(stored.slice(3), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new UnreadableSecretError('secret too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new UnreadableSecretError('the secret does not decrypt with this key');
  }
}
