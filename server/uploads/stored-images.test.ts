// Pictures as uploads store them (issue 34, findings 7 and 10): written again without their
// metadata, so an anonymous visitor gets no camera, author or GPS position (the orientation is
// applied to the pixels, the colour profile stays); decoded whole at upload, so a picture whose
// header is fine but whose pixels are broken is refused there; and a broken picture stored before
// is remembered by the resized copies' route, which decodes it and logs it once, not per request.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { createAccount, createTestEnv, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let app: FastifyInstance;
let staff: TestAccount;
let logged: { level: number; msg: string }[];

async function start(): Promise<void> {
  env = await createTestEnv({ env: { NODE_ENV: 'production' } });
  logged = [];
  app = await buildApp(env.deps, { logger: true, logStream: { write: (line) => void logged.push(JSON.parse(line) as { level: number; msg: string }) } });
  await app.ready();
  staff = await createAccount(env.db, 'user');
}

afterEach(async () => {
  await app.close();
  await env.close();
});

async function upload(kind: string, content: Buffer) {
  const boundary = '----stored-images-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/uploads?kind=${kind}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: SAME_ORIGIN, cookie: `${SESSION_COOKIE}=${staff.token}` },
    payload,
  });
}

/** A phone photo: taken turned (orientation 6), with its camera, author and position, in Display P3. */
function phonePhoto(format: 'jpeg' | 'png' | 'webp') {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
    .withMetadata({ orientation: 6, icc: 'p3' })
    .withExifMerge({ IFD0: { Make: 'Zqcam', Model: 'Z100', Artist: 'Paula Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '5/1 36/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 11/1 0/1' } })
    .toFormat(format)
    .toBuffer();
}

describe('metadata', () => {
  it.each([
    ['image', 'jpeg'],
    ['image', 'png'],
    ['avatar', 'jpeg'],
    ['logo', 'webp'],
  ] as const)('gives visitors a %s (%s) without camera, author or position, turned as it was taken', async (kind, format) => {
    await start();
    const photo = await phonePhoto(format);
    expect(photo.includes('Paula Private')).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const response = await upload(kind, photo);
    expect(response.statusCode).toBe(201);
    const served = await app.inject({ method: 'GET', url: response.json<{ url: string }>().url });
    expect(served.statusCode).toBe(200);
    for (const text of ['Paula Private', 'Zqcam', 'Z100']) expect(served.rawPayload.includes(text), text).toBe(false);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    expect(metadata.icc).toBeDefined();
    // The orientation is applied to the pixels: 40 x 20 taken turned is 20 x 40.
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
  });
});

it('keeps the frames of an animated GIF', async () => {
  await start();
  const frame = (background: string) => sharp({ create: { width: 30, height: 20, channels: 3, background } }).png().toBuffer();
  const animated = await sharp([await frame('#336699'), await frame('#993366')], { join: { animated: true } }).gif().toBuffer();
  expect((await sharp(animated).metadata()).pages).toBe(2);
  const response = await upload('image', animated);
  expect(response.statusCode).toBe(201);
  const served = await app.inject({ method: 'GET', url: response.json<{ url: string }>().url });
  expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'gif', pages: 2, width: 30 });
});

/** A real 8000 x 5000 PNG cut after its first kilobytes: its header reads, its pixels do not. */
async function brokenPng(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 8_000, height: 5_000, channels: 3, background: { r: 20, g: 90, b: 140 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return whole.subarray(0, Math.min(whole.length - 100, 4_096));
}

describe('broken pictures', () => {
  it('refuses at upload a picture whose header reads but whose pixels do not, leaving nothing behind', async () => {
    await start();
    const broken = await brokenPng();
    expect(await sharp(broken).metadata()).toMatchObject({ width: 8_000, height: 5_000 });
    const response = await upload('image', broken);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: { message: 'The image could not be read. Please try another file.' } });
    expect(fs.readdirSync(env.deps.uploadsDir)).toEqual([]);
  });

  it('decodes and logs a broken picture stored before once, however often its copies are asked for', async () => {
    await start();
    fs.writeFileSync(path.join(env.deps.uploadsDir, 'older.png'), await brokenPng());
    for (const width of [640, 640, 960, 640]) {
      expect((await app.inject({ method: 'GET', url: `/uploads/w/${width}/older.png.webp` })).statusCode).toBe(404);
    }
    expect(logged.filter((line) => line.msg === 'could not make an image variant')).toHaveLength(1);
  });
});
