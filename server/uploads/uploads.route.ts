// POST /api/uploads?kind=image|video|avatar|logo: signed-in staff send one file in the
// multipart field `file`; it is streamed to a temporary file while its size is counted and
// its first bytes identify its type; a picture is then decoded whole and written again without its
// metadata (stored-images.ts). The file gets a random name with the detected extension and is
// served back by the /uploads/ static route. Every refusal removes what was written.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '@server/core/deps';
import { infrastructureFault } from '@server/core/errors';
import type { AuthUser } from '@server/identity/session.service';
import { authenticateRequest } from '@server/trpc/context';
import { type DetectedFileType, detectFileType, FILE_TYPE_HEAD_BYTES } from './file-types';
import { recordUpload, uploadLimitMb } from './uploads.service';
import { makePrivateFile, PRIVATE_FILE_MODE } from '@server/core/private-files';
import { canvasOf, IMAGE_TYPES, MAX_IMAGE_MEGAPIXELS, type StoredImageType, writeWithoutMetadata } from './stored-images';

export const UPLOADS_ROUTE = '/api/uploads';
export const UPLOAD_KIND_NAMES = ['image', 'video', 'avatar', 'logo'] as const;
export type UploadKindName = (typeof UPLOAD_KIND_NAMES)[number];

const MB = 1024 * 1024;
const IMAGE_TYPES_MESSAGE = 'Unsupported file type. Use JPG, GIF or PNG.';
const VIDEO_TYPES_MESSAGE = 'Unsupported file type. Use MP4, MOV or AVI.';
const LOGO_TYPES_MESSAGE = 'Unsupported file type. Use PNG, JPEG or WebP.';

interface UploadKind {
  types: readonly DetectedFileType[];
  /** The kind's own ceiling; the Maximum File Upload Size setting can only lower it. */
  maxMb: number;
  unsupportedMessage: string;
}

export const UPLOAD_KINDS: Record<UploadKindName, UploadKind> = {
  image: { types: ['png', 'jpg', 'gif'], maxMb: 10, unsupportedMessage: IMAGE_TYPES_MESSAGE },
  video: { types: ['mp4', 'mov', 'avi'], maxMb: 100, unsupportedMessage: VIDEO_TYPES_MESSAGE },
  avatar: { types: ['png', 'jpg', 'gif'], maxMb: 1, unsupportedMessage: IMAGE_TYPES_MESSAGE },
  /** The firm's logo (Settings, Site): the site's icons are made from it. */
  logo: { types: ['png', 'jpg', 'webp'], maxMb: 2, unsupportedMessage: LOGO_TYPES_MESSAGE },
};

export const UPLOAD_MESSAGES = {
  signIn: 'Please sign in to continue.',
  badKind: 'Unknown upload kind. Use image, video, avatar or logo.',
  notMultipart: 'Please send the file as multipart/form-data in a field named "file".',
  noFile: 'Please choose a file to upload.',
  wrongField: 'Please send the file in a field named "file".',
  empty: 'The file is empty.',
  unreadable: 'The upload could not be read. Please try again.',
  failed: 'Something went wrong. Please try again.',
  tooLarge: (maxMb: number) => `The file is too large. The maximum size is ${maxMb} MB.`,
  tooManyPixels: `The image is too large: at most ${MAX_IMAGE_MEGAPIXELS} megapixels (for example 8000 x 5000).`,
  notAnImage: 'The image could not be read. Please try another file.',
} as const;

const uploadQuery = z.object({ kind: z.enum(UPLOAD_KIND_NAMES) });

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in uploader, found before the body is read; audited with the stored file. */
    uploader?: AuthUser;
  }
}

/** An expected refusal: answered with its status and message, never logged as a failure. */
class UploadRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Passes the file through while counting bytes and reading its first bytes. It fails the stream as
 * soon as the limit is passed or the type is known to be wrong, so a large bad file is not written
 * out in full before being refused.
 */
class UploadMeter extends Transform {
  private received = 0;
  /** Bytes passed through. */
  get bytes(): number {
    return this.received;
  }
  private head = Buffer.alloc(0);
  private identified = false;
  detected: DetectedFileType | null = null;

  constructor(
    private readonly kind: UploadKind,
    private readonly maxMb: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxMb * MB) {
      callback(new UploadRefusal(413, UPLOAD_MESSAGES.tooLarge(this.maxMb)));
      return;
    }
    if (!this.identified) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, FILE_TYPE_HEAD_BYTES - this.head.length)]);
      if (this.head.length >= FILE_TYPE_HEAD_BYTES) {
        const refusal = this.identify();
        if (refusal !== null) {
          callback(refusal);
          return;
        }
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.identified ? null : this.identify());
  }

  /** Short files are identified at the end from whatever bytes there are. */
  private identify(): UploadRefusal | null {
    this.identified = true;
    if (this.received === 0) return new UploadRefusal(400, UPLOAD_MESSAGES.empty);
    this.detected = detectFileType(this.head);
    if (this.detected === null || !this.kind.types.includes(this.detected)) {
      return new UploadRefusal(415, this.kind.unsupportedMessage);
    }
    return null;
  }
}

function randomName(): string {
  return randomBytes(16).toString('hex');
}

function refuse(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).send({ error: { message } });
}

/**
 * After refusing mid-stream, read and drop the rest of the body: a connection closed while the
 * browser is still sending makes it report a network error instead of our answer. The body is
 * detached from the multipart parser first; a parser that stopped reading would hold it paused.
 */
function discardRestOfRequest(req: FastifyRequest): void {
  req.raw.unpipe();
  req.raw.resume();
}

/** System errors (disk full, permissions) are ours; anything else while parsing is the sender's. */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error;
}

function isFileTooLargeError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Resolves once the stream has released its file, whether it ended or failed. */
function whenClosed(stream: fs.WriteStream): Promise<void> {
  if (stream.closed) return Promise.resolve();
  // Not events.once: it rejects on 'error', which a failed pipeline emits before 'close'.
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

function isStoredImage(type: DetectedFileType): type is StoredImageType {
  return IMAGE_TYPES.has(type);
}

/**
 * A picture received in `received`: its canvas checked from its header, then decoded whole and
 * written to `cleaned` without its metadata. Refused when it cannot be read or is too large.
 */
async function cleanPicture(received: string, cleaned: string, type: StoredImageType): Promise<void> {
  const canvas = await canvasOf(received);
  if (canvas === 'too-large') throw new UploadRefusal(413, UPLOAD_MESSAGES.tooManyPixels);
  if (canvas === 'unreadable' || !(await writeWithoutMetadata(received, cleaned, type))) {
    throw new UploadRefusal(415, UPLOAD_MESSAGES.notAnImage);
  }
}

/** Writes the part to a temporary file in `dir`, checked by UploadMeter; returns the final name and size. */
async function storeUpload(dir: string, part: MultipartFile, kind: UploadKind, maxMb: number): Promise<{ name: string; bytes: number }> {
  // Hidden, unguessable names that are never listed: nobody can fetch a file before it is checked.
  const temporary = `.upload-${randomName()}`;
  const tempPath = path.join(dir, `${temporary}.part`);
  const cleanPath = path.join(dir, `${temporary}.clean.part`);
  const meter = new UploadMeter(kind, maxMb);
  const out = fs.createWriteStream(tempPath, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    await pipeline(part.file, meter, out);
    // Busboy stops at its own limit (one byte past ours) by truncating quietly; count that as too large.
    if (part.file.truncated) throw new UploadRefusal(413, UPLOAD_MESSAGES.tooLarge(maxMb));
    if (meter.detected === null) throw new UploadRefusal(415, kind.unsupportedMessage);
    const name = `${randomName()}.${meter.detected}`;
    let stored = tempPath;
    if (isStoredImage(meter.detected)) {
      await cleanPicture(tempPath, cleanPath, meter.detected);
      await makePrivateFile(cleanPath);
      await fsp.rm(tempPath);
      stored = cleanPath;
    }
    await fsp.rename(stored, path.join(dir, name));
    return { name, bytes: meter.bytes };
  } catch (error) {
    // The write stream may still be opening the file; removing it before it closes would leave it behind.
    await whenClosed(out);
    await fsp.rm(tempPath, { force: true });
    await fsp.rm(cleanPath, { force: true });
    throw error;
  }
}

async function handleUpload(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const query = uploadQuery.safeParse(req.query);
  if (!query.success) return refuse(reply, 400, UPLOAD_MESSAGES.badKind);
  if (!req.isMultipart()) return refuse(reply, 400, UPLOAD_MESSAGES.notMultipart);
  const kind = UPLOAD_KINDS[query.data.kind];
  const maxMb = await uploadLimitMb(deps, { kindMaxMb: kind.maxMb });

  let part: MultipartFile | undefined;
  try {
    // One byte of slack so that our own counter, with our message, is what notices the limit.
    part = await req.file({ limits: { fileSize: maxMb * MB + 1 } });
  } catch (error) {
    discardRestOfRequest(req);
    if (isFileTooLargeError(error)) return refuse(reply, 413, UPLOAD_MESSAGES.tooLarge(maxMb));
    return refuse(reply, 400, UPLOAD_MESSAGES.unreadable);
  }
  if (part === undefined) return refuse(reply, 400, UPLOAD_MESSAGES.noFile);
  if (part.fieldname !== 'file') {
    part.file.destroy();
    discardRestOfRequest(req);
    return refuse(reply, 400, UPLOAD_MESSAGES.wrongField);
  }

  try {
    const { name, bytes } = await storeUpload(deps.uploadsDir, part, kind, maxMb);
    await recordUpload({ db: deps.db, user: req.uploader ?? null, ip: req.ip }, { kind: query.data.kind, name, bytes });
    return reply.code(201).send({ url: `/uploads/${name}` });
  } catch (error) {
    discardRestOfRequest(req);
    if (error instanceof UploadRefusal) return refuse(reply, error.statusCode, error.message);
    const fault = deps.faults.report(error);
    if (fault !== null) return refuse(reply, 503, infrastructureFault(fault).message);
    if (isSystemError(error)) {
      req.log.error({ err: error }, 'upload failed');
      return refuse(reply, 500, UPLOAD_MESSAGES.failed);
    }
    // A malformed or interrupted multipart body.
    return refuse(reply, 400, UPLOAD_MESSAGES.unreadable);
  }
}

/** The upload route with its own multipart parser, kept inside this plugin's scope. */
export function uploadRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
    });

    // Errors raised before the handler (e.g. an unparseable content type) get the same JSON shape.
    app.setErrorHandler(async (error, req, reply) => {
      const statusCode = error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (statusCode >= 500) {
        req.log.error({ err: error }, 'upload failed');
        return refuse(reply, 500, UPLOAD_MESSAGES.failed);
      }
      return refuse(reply, 400, UPLOAD_MESSAGES.notMultipart);
    });

    app.post(UPLOADS_ROUTE, {
      // Checked before the body is parsed, so an anonymous upload is refused without reading it.
      onRequest: async (req, reply) => {
        const caller = await authenticateRequest(deps, req, reply);
        if (caller.user === null) return refuse(reply, 401, UPLOAD_MESSAGES.signIn);
        req.uploader = caller.user;
        return undefined;
      },
      handler: (req, reply) => handleUpload(deps, req, reply),
    });
  };
}

/**
 * Removes temporary files left by uploads that a crash interrupted; run once at start-up. Instances
 * sharing the folder pass `olderThanMs`, so an upload another instance is receiving right now stays.
 */
export async function sweepPartialUploads(dir: string, olderThanMs = 0): Promise<number> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  let partial = names.filter((name) => name.startsWith('.upload-') && name.endsWith('.part'));
  if (olderThanMs > 0) {
    const cutoff = Date.now() - olderThanMs;
    const ages = await Promise.all(partial.map((name) => fsp.stat(path.join(dir, name)).then((stat) => stat.mtimeMs, () => cutoff)));
    partial = partial.filter((_, index) => (ages[index] ?? cutoff) < cutoff);
  }
  await Promise.all(partial.map((name) => fsp.rm(path.join(dir, name), { force: true })));
  return partial.length;
}
