// Smaller WebP copies of uploaded pictures: made on the first request at an offered width, kept on
// disk, never enlarged, cacheable for good; anything else is a 404.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageVariantsDir } from './image-variants.route';
import { uploadSrcSet } from '@server/shared/image-variants';
import { buildTestApp, createTestEnv, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let app: FastifyInstance;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildTestApp(env);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

async function upload(name: string, width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') {
  fs.mkdirSync(env.deps.uploadsDir, { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: '#1a5f91' } })
    .toFormat(format)
    .toFile(path.join(env.deps.uploadsDir, name));
}

describe('image variants', () => {
  it('makes a WebP copy at the asked width once and serves it as immutable', async () => {
    await upload('3f2a9c.png', 1200, 800);
    const response = await app.inject({ method: 'GET', url: '/uploads/w/480/3f2a9c.png.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([480, 320]);

    const kept = path.join(imageVariantsDir(env.deps), '480-3f2a9c.png.webp');
    expect(fs.existsSync(kept)).toBe(true);
    // The kept copy is what later requests get, even if the upload is gone.
    fs.rmSync(path.join(env.deps.uploadsDir, '3f2a9c.png'));
    fs.writeFileSync(path.join(env.deps.uploadsDir, '3f2a9c.png'), 'not looked at again');
    const again = await app.inject({ method: 'GET', url: '/uploads/w/480/3f2a9c.png.webp' });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('never enlarges a narrow picture, and reads JPEG and GIF too', async () => {
    await upload('small.jpg', 200, 100, 'jpeg');
    await upload('anim.gif', 900, 300, 'gif');
    const small = await app.inject({ method: 'GET', url: '/uploads/w/1920/small.jpg.webp' });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(200);
    const gif = await app.inject({ method: 'GET', url: '/uploads/w/320/anim.gif.webp' });
    expect(gif.headers['content-type']).toBe('image/webp');
    expect((await sharp(gif.rawPayload).metadata()).width).toBe(320);
  });

  it('answers 404 for a width not offered, a missing upload, a video, a path outside uploads or a broken picture', async () => {
    await upload('3f2a9c.png', 1200, 800);
    fs.writeFileSync(path.join(env.deps.uploadsDir, 'clip.mp4'), 'video bytes');
    fs.writeFileSync(path.join(env.deps.uploadsDir, 'broken.png'), 'not a png');
    for (const url of [
      '/uploads/w/500/3f2a9c.png.webp',
      '/uploads/w/480/missing.png.webp',
      '/uploads/w/480/3f2a9c.png',
      '/uploads/w/480/clip.mp4.webp',
      '/uploads/w/480/..%2Fapp.db.webp',
      '/uploads/w/480/%2E%2E%2Fx.png.webp',
      '/uploads/w/480/broken.png.webp',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    expect(fs.existsSync(imageVariantsDir(env.deps)) ? fs.readdirSync(imageVariantsDir(env.deps)) : []).toEqual([]);
  });

  it('lists every offered width of an upload in srcset, and nothing for other addresses', () => {
    expect(uploadSrcSet('/uploads/3f2a9c.png')).toBe(
      '/uploads/w/320/3f2a9c.png.webp 320w, /uploads/w/480/3f2a9c.png.webp 480w, /uploads/w/640/3f2a9c.png.webp 640w, ' +
        '/uploads/w/960/3f2a9c.png.webp 960w, /uploads/w/1280/3f2a9c.png.webp 1280w, /uploads/w/1920/3f2a9c.png.webp 1920w',
    );
    expect(uploadSrcSet('/images/hero/market-entry.svg')).toBeUndefined();
    expect(uploadSrcSet('https://example.com/uploads/a.png')).toBeUndefined();
    expect(uploadSrcSet('/uploads/clip.mp4')).toBeUndefined();
  });
});
