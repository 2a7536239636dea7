// GET /uploads/w/<width>/<upload name>.webp: an uploaded picture (PNG, JPEG, GIF) resized to one of
// the offered widths and encoded as WebP, made with sharp on the first request and kept on disk in
// DATA_DIR/image-variants/ for every later one. Made on demand, so pictures uploaded before this
// existed get their copies too. An upload's name never changes content, so copies are immutable.
// A picture narrower than the width is not enlarged; an animated GIF gives its first frame. A
// picture that cannot be made into a copy is remembered: later requests for it answer 404 at once,
// without decoding it again (0.4 to 0.8 s for a broken 40-megapixel PNG) or logging it again.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { AppDeps } from '@server/core/deps';
import { MAX_IMAGE_PIXELS } from './stored-images';
import { IMAGE_VARIANT_WIDTHS, variantSource } from '@server/shared/image-variants';
import { BoundedCache } from '@server/shared/bounded-cache';
import { makePrivateDir, makePrivateFile } from '@server/core/private-files';

const WIDTHS = new Set<number>(IMAGE_VARIANT_WIDTHS);
const WEBP_QUALITY = 75;
/**
 * Copies made at once. Each decodes a whole picture into memory; anonymous requests for many new
 * widths at once wait their turn instead of each taking hundreds of megabytes.
 */
export const CONCURRENT_RESIZES = 2;
/** Uploads remembered as unreadable (pictures stored before uploads were decoded whole). */
const MAX_REMEMBERED_FAILURES = 1_000;

/** A plain file, not a link to one (a tampered backup restored) nor anything else. */
function isPlainFile(file: string): boolean {
  try {
    return fs.lstatSync(file).isFile();
  } catch {
    return false;
  }
}

export function imageVariantsDir(deps: AppDeps): string {
  return path.resolve(deps.config.dataDir, 'image-variants');
}

export function imageVariantRoutes(deps: AppDeps) {
  const dir = imageVariantsDir(deps);
  /** Copies being made, so simultaneous first requests make one. */
  const making = new Map<string, Promise<void>>();
  const resizing = pLimit(CONCURRENT_RESIZES);
  /** Upload names no copy could be made of, in this process. */
  const unreadable = new BoundedCache<string, true>(MAX_REMEMBERED_FAILURES);

  async function make(source: string, target: string, width: number): Promise<void> {
    makePrivateDir(dir);
    const temporary = `${target}.${process.pid}.tmp`;
    // The pixel limit of uploads holds for pictures stored before it existed too.
    const input = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS });
    await input.rotate().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toFile(temporary);
    await makePrivateFile(temporary);
    await fsp.rename(temporary, target);
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { width: string; file: string } }>('/uploads/w/:width/:file', async (req, reply) => {
      const width = Number(req.params.width);
      const name = variantSource(req.params.file);
      const source = name === undefined ? undefined : path.join(deps.uploadsDir, name);
      if (!WIDTHS.has(width) || name === undefined || source === undefined || unreadable.has(name) || !isPlainFile(source)) {
        return reply.code(404).send({ error: { message: 'Not found' } });
      }
      const target = path.join(dir, `${width}-${name}.webp`);
      if (!fs.existsSync(target)) {
        let pending = making.get(target);
        if (pending === undefined) {
          pending = resizing(() => make(source, target, width)).finally(() => making.delete(target));
          making.set(target, pending);
        }
        try {
          await pending;
        } catch (error) {
          // Not a picture sharp can read, although its first bytes said so: said once, remembered.
          if (!unreadable.has(name)) req.log.warn({ err: error, file: name }, 'could not make an image variant');
          unreadable.getOrMake(name, () => true);
          return reply.code(404).send({ error: { message: 'Not found' } });
        }
      }
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(target));
    });
  };
}
