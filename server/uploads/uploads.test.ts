// POST /api/uploads over HTTP (app.inject, plus one real fetch), with real sessions and files.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { sweepPartialUploads } from './uploads.route';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { buildTestApp, createAccount, createTestEnv, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';

const MB = 1024 * 1024;

// Real headers of each format; the rest of a file does not matter to the check.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
// Pictures must also be readable pictures (their size is checked): real ones, made by sharp.
const JPEG = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } }).jpeg().toBuffer();
const GIF = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } }).gif().toBuffer();
/** A JPEG's signature followed by nothing a decoder can read. */
const FAKE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4), Buffer.from('isomiso2'), Buffer.alloc(64)]);
const MOV = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(4), Buffer.from('qt  '), Buffer.alloc(64)]);
const AVI = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('AVI LIST'), Buffer.alloc(64)]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
const TEXT = Buffer.from('just some text pretending to be an image\n');

const IMAGE_TYPES = 'Unsupported file type. Use JPG, GIF or PNG.';
const VIDEO_TYPES = 'Unsupported file type. Use MP4, MOV or AVI.';

/** A PNG whose header claims a canvas of width x height; its pixels are never there to decode. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

/** Whether two pictures hold the same pixels. */
async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [first, second] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  return first.equals(second);
}

async function formatAndSize(picture: Buffer) {
  const { format, width, height } = await sharp(picture).metadata();
  return { format, width, height };
}

/** A PNG padded to exactly `size` bytes. */
function pngOfSize(size: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
}

interface Part {
  name: string;
  content: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so nothing but the bytes below reaches the server. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = '----test-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let env: TestEnv;
let app: FastifyInstance;
let staff: TestAccount;
let admin: TestAccount;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildTestApp(env);
  staff = await createAccount(env.db, 'user');
  admin = await createAccount(env.db, 'admin');
});
afterEach(async () => {
  await app.close();
  await env.close();
});

function uploadsFolder(): string[] {
  return fs.readdirSync(env.deps.uploadsDir).sort();
}

async function upload(
  query: string,
  parts: Part[],
  options: { account?: TestAccount | null; origin?: string } = {},
) {
  const body = multipart(parts);
  const account = options.account === undefined ? staff : options.account;
  return app.inject({
    method: 'POST',
    url: `/api/uploads${query}`,
    headers: {
      'content-type': body.contentType,
      origin: options.origin ?? SAME_ORIGIN,
      ...(account === null ? {} : { cookie: `${SESSION_COOKIE}=${account.token}` }),
    },
    payload: body.payload,
  });
}

function file(content: Buffer, filename: string, contentType = 'application/octet-stream'): Part[] {
  return [{ name: 'file', content, filename, contentType }];
}

/** Uploads, expects a refusal with `status` and `message`, and checks nothing was left behind. */
async function expectRefused(query: string, parts: Part[], status: number, message: string, account?: TestAccount | null) {
  const before = uploadsFolder();
  const response = await upload(query, parts, { account });
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ error: { message } });
  expect(uploadsFolder()).toEqual(before);
}

describe('POST /api/uploads: accepted files', () => {
  it('stores a PNG under a random name and serves it back as image/png', async () => {
    const response = await upload('?kind=image', file(PNG, 'logo.png', 'image/png'));
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // Written again without metadata (stored-images.ts): the same picture.
    expect(await samePixels(served.rawPayload, PNG)).toBe(true);
  });

  it('names the file after its content, not its name or declared type', async () => {
    const response = await upload('?kind=image', file(PNG, 'setup.exe', 'application/x-msdownload'));
    expect(response.statusCode).toBe(201);
    expect(response.json<{ url: string }>().url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
  });

  it('records each stored upload in the audit log, by the uploader, and no refused one', async () => {
    const response = await upload('?kind=image', file(PNG, 'logo.png', 'image/png'));
    const name = response.json<{ url: string }>().url.slice('/uploads/'.length);
    await upload('?kind=image', file(TEXT, 'notes.png'));
    const rows = await env.db.selectFrom('auditLog').selectAll().where('entity', '=', 'upload').execute();
    expect(rows.map((row) => [row.action, row.entityId, row.summary, row.userId, row.actorEmail])).toEqual([
      ['create', name, 'image, 1 kB', staff.user.id, staff.user.email],
    ]);
  });

  it('gives two uploads of the same file two names', async () => {
    const first = (await upload('?kind=image', file(PNG, 'a.png'))).json<{ url: string }>().url;
    const second = (await upload('?kind=image', file(PNG, 'a.png'))).json<{ url: string }>().url;
    expect(first).not.toBe(second);
  });

  it.each([
    ['image', 'jpg', JPEG, 'image/jpeg'],
    ['image', 'gif', GIF, 'image/gif'],
    ['avatar', 'png', PNG, 'image/png'],
    ['avatar', 'jpg', JPEG, 'image/jpeg'],
    ['video', 'mp4', MP4, 'video/mp4'],
    ['video', 'mov', MOV, 'video/quicktime'],
    ['video', 'avi', AVI, 'video/x-msvideo'],
  ] as const)('accepts kind=%s content detected as %s', async (kind, extension, content, contentType) => {
    const response = await upload(`?kind=${kind}`, file(content, 'upload.bin'));
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${extension}$`));
    const served = await app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe(contentType);
    // Pictures are written again without metadata (the same size and format); videos are kept as sent.
    if (kind === 'video') expect(served.rawPayload.equals(content)).toBe(true);
    else expect(await sharp(served.rawPayload).metadata()).toMatchObject(await formatAndSize(content));
  });

  it('lets any signed-in account upload, admins included', async () => {
    expect((await upload('?kind=avatar', file(PNG, 'me.png'), { account: admin })).statusCode).toBe(201);
  });

  it('accepts an image above the 1 MB JSON body limit, up to the 10 MB image limit', async () => {
    const response = await upload('?kind=image', file(pngOfSize(10 * MB), 'big.png'));
    expect(response.statusCode).toBe(201);
    const stored = response.json<{ url: string }>().url.slice('/uploads/'.length);
    // Received whole; stored as the picture it holds (the padding after its end is not kept).
    const rows = await env.db.selectFrom('auditLog').select('summary').where('entity', '=', 'upload').execute();
    expect(rows).toEqual([{ summary: 'image, 10240 kB' }]);
    expect(await sharp(path.join(env.deps.uploadsDir, stored)).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('ignores other form fields next to the file', async () => {
    const response = await upload('?kind=image', [{ name: 'note', content: 'hello' }, ...file(PNG, 'logo.png')]);
    expect(response.statusCode).toBe(201);
  });
});

describe('POST /api/uploads: refusals leave nothing behind', () => {
  it('refuses anonymous callers with 401', async () => {
    await expectRefused('?kind=image', file(PNG, 'logo.png'), 401, 'Please sign in to continue.', null);
  });

  it('refuses an unknown session with 401', async () => {
    const before = uploadsFolder();
    const body = multipart(file(PNG, 'logo.png'));
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads?kind=image',
      headers: { 'content-type': body.contentType, cookie: `${SESSION_COOKIE}=not-a-session` },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { message: 'Please sign in to continue.' } });
    expect(uploadsFolder()).toEqual(before);
  });

  it('refuses a text file named .png with 415', async () => {
    await expectRefused('?kind=image', file(TEXT, 'photo.png', 'image/png'), 415, IMAGE_TYPES);
  });

  it('refuses types of the other kind, with the message of the kind asked for', async () => {
    await expectRefused('?kind=image', file(MP4, 'clip.mp4', 'video/mp4'), 415, IMAGE_TYPES);
    await expectRefused('?kind=avatar', file(AVI, 'clip.avi'), 415, IMAGE_TYPES);
    await expectRefused('?kind=video', file(PNG, 'clip.mp4', 'video/mp4'), 415, VIDEO_TYPES);
    await expectRefused('?kind=video', file(TEXT, 'clip.mov'), 415, VIDEO_TYPES);
  });

  it('does not take a HEIC photo for an MP4 video', async () => {
    await expectRefused('?kind=video', file(HEIC, 'photo.mp4'), 415, VIDEO_TYPES);
  });

  it('refuses a picture whose canvas is over 40 megapixels, however small the file (413)', async () => {
    const huge = pngClaiming(16_000, 16_000);
    expect(huge.length).toBeLessThan(1024);
    const message = 'The image is too large: at most 40 megapixels (for example 8000 x 5000).';
    await expectRefused('?kind=image', file(huge, 'huge.png'), 413, message);
    await expectRefused('?kind=avatar', file(pngClaiming(7_000, 7_000), 'me.png'), 413, message);
    const wide = await sharp({ create: { width: 8_000, height: 5_000, channels: 3, background: '#336699' } }).png().toBuffer();
    expect((await upload('?kind=image', file(wide, 'wide.png'))).statusCode).toBe(201);
  });

  it('refuses a picture with a right signature that no decoder can read (415)', async () => {
    await expectRefused('?kind=image', file(FAKE_JPEG, 'photo.jpg'), 415, 'The image could not be read. Please try another file.');
  });

  it('refuses a file shorter than any signature, and an empty file', async () => {
    await expectRefused('?kind=image', file(Buffer.from([0xff, 0xd8]), 'tiny.jpg'), 415, IMAGE_TYPES);
    await expectRefused('?kind=image', file(Buffer.alloc(0), 'empty.png'), 400, 'The file is empty.');
  });

  it('limits an image to the Maximum File Upload Size setting', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maxFileSize: 1 });
    await expectRefused('?kind=image', file(pngOfSize(MB + 1), 'big.png'), 413, 'The file is too large. The maximum size is 1 MB.');
    expect((await upload('?kind=image', file(pngOfSize(MB), 'fits.png'))).statusCode).toBe(201);
  });

  it('limits an avatar to 1 MB even when the setting allows more', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maxFileSize: 10 });
    await expectRefused('?kind=avatar', file(pngOfSize(MB + 1), 'me.png'), 413, 'The file is too large. The maximum size is 1 MB.');
    expect((await upload('?kind=avatar', file(pngOfSize(MB), 'me.png'))).statusCode).toBe(201);
  });

  it('limits an image to 10 MB even when the setting allows more', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maxFileSize: 100 });
    await expectRefused('?kind=image', file(pngOfSize(10 * MB + 1), 'big.png'), 413, 'The file is too large. The maximum size is 10 MB.');
  });

  it('limits a video to the setting when it is below 100 MB', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maxFileSize: 2 });
    const video = Buffer.concat([MP4, Buffer.alloc(2 * MB + 1 - MP4.length)]);
    await expectRefused('?kind=video', file(video, 'clip.mp4'), 413, 'The file is too large. The maximum size is 2 MB.');
  });

  it('refuses a missing or unknown kind with 400', async () => {
    const message = 'Unknown upload kind. Use image, video, avatar or logo.';
    await expectRefused('', file(PNG, 'logo.png'), 400, message);
    await expectRefused('?kind=document', file(PNG, 'logo.png'), 400, message);
  });

  it('refuses a form without a file, or with the file in another field, with 400', async () => {
    await expectRefused('?kind=image', [{ name: 'file', content: 'not a file part' }], 400, 'Please choose a file to upload.');
    await expectRefused('?kind=image', [{ name: 'upload', content: PNG, filename: 'logo.png' }], 400, 'Please send the file in a field named "file".');
  });

  it('refuses a body that is not multipart with 400', async () => {
    const before = uploadsFolder();
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads?kind=image',
      headers: { cookie: `${SESSION_COOKIE}=${staff.token}` },
      payload: { file: PNG.toString('base64') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { message: 'Please send the file as multipart/form-data in a field named "file".' } });
    expect(uploadsFolder()).toEqual(before);
  });

  it('refuses a truncated multipart body with 400', async () => {
    const before = uploadsFolder();
    const body = multipart(file(pngOfSize(4096), 'logo.png'));
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads?kind=image',
      headers: { 'content-type': body.contentType, cookie: `${SESSION_COOKIE}=${staff.token}` },
      payload: body.payload.subarray(0, 2048),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { message: 'The upload could not be read. Please try again.' } });
    expect(uploadsFolder()).toEqual(before);
  });

  it('refuses a cross-origin upload with 403', async () => {
    const before = uploadsFolder();
    const response = await upload('?kind=image', file(PNG, 'logo.png'), { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(uploadsFolder()).toEqual(before);
  });
});

describe('POST /api/uploads: a real browser-like client', () => {
  it('gets the 413 answer, not a broken connection, when refused mid-upload', async () => {
    const server = await buildTestApp(env);
    try {
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maxFileSize: 1 });
      const before = uploadsFolder();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pngOfSize(8 * MB))], { type: 'image/png' }), 'big.png');
      const response = await fetch(`${address}/api/uploads?kind=image`, {
        method: 'POST',
        body: form,
        headers: { cookie: `${SESSION_COOKIE}=${staff.token}`, origin: SAME_ORIGIN },
        // Without the server draining the body, the client would wait here for ever.
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: { message: 'The file is too large. The maximum size is 1 MB.' } });
      expect(uploadsFolder()).toEqual(before);

      const small = new FormData();
      small.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
      const accepted = await fetch(`${address}/api/uploads?kind=avatar`, {
        method: 'POST',
        body: small,
        headers: { cookie: `${SESSION_COOKIE}=${staff.token}`, origin: SAME_ORIGIN },
      });
      expect(accepted.status).toBe(201);
      const { url } = (await accepted.json()) as { url: string };
      const served = await fetch(`${address}${url}`);
      expect(served.headers.get('content-type')).toBe('image/png');
    } finally {
      // Drop fetch's keep-alive connections, or close() would wait for them after a failed assertion.
      server.server.closeAllConnections();
      await server.close();
    }
  });
});

describe('partial uploads left by a crash', () => {
  it('are removed at start-up, and finished uploads are kept', async () => {
    const dir = fs.mkdtempSync(path.join(env.dataDir, 'sweep-'));
    fs.writeFileSync(path.join(dir, '.upload-abc.part'), 'half a file');
    fs.writeFileSync(path.join(dir, 'kept.png'), 'a finished upload');
    expect(await sweepPartialUploads(dir)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(['kept.png']);
  });

  it('are never served', async () => {
    fs.writeFileSync(path.join(env.deps.uploadsDir, '.upload-secret.part'), 'in progress');
    const response = await app.inject({ method: 'GET', url: '/uploads/.upload-secret.part' });
    expect(response.statusCode).toBe(404);
    fs.rmSync(path.join(env.deps.uploadsDir, '.upload-secret.part'));
  });
});

describe('stored uploads are private and served only as plain files', () => {
  it('stores a picture 0600 whatever the umask', async () => {
    const umask = process.umask(0o022);
    try {
      const response = await upload('?kind=image', file(JPEG, 'photo.jpg', 'image/jpeg'));
      expect(response.statusCode).toBe(201);
      const name = response.json<{ url: string }>().url.replace('/uploads/', '');
      expect(fs.statSync(path.join(env.deps.uploadsDir, name)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });

  it('never follows a link in the uploads folder (a tampered backup restored), nor serves a sub-folder', async () => {
    fs.symlinkSync('/etc/passwd', path.join(env.deps.uploadsDir, 'passwd.png'));
    fs.symlinkSync(env.dataDir, path.join(env.deps.uploadsDir, 'data'));
    fs.writeFileSync(path.join(env.deps.uploadsDir, 'plain.png'), PNG);
    for (const url of ['/uploads/passwd.png', '/uploads/data/app.db', '/uploads/data%2Fapp.db', '/uploads/w/640/passwd.png.webp']) {
      const response = await app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.body).not.toContain('root:');
    }
    expect((await app.inject({ method: 'GET', url: '/uploads/plain.png' })).statusCode).toBe(200);
  });
});
