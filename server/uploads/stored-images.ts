// Pictures as they are stored. A picture's header is read first (its canvas, cheaply); then the
// whole picture is decoded and written again without its metadata, which is when a picture whose
// header is fine but whose pixels are broken is found out, at upload rather than on every later
// request for a smaller copy. The metadata goes because visitors get the file: a phone photo's EXIF
// says where it was taken (GPS), with which camera and by whom. The orientation it recorded is
// applied to the pixels first; the colour profile stays.
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { DetectedFileType } from './file-types';

/**
 * Pictures are resized on request (image-variants.route.ts): a small file can hold a huge canvas (a
 * 16,000 x 16,000 PNG of one colour is a few hundred kB), which decoding would turn into gigabytes.
 * The photos the site shows need nothing near this.
 */
export const MAX_IMAGE_MEGAPIXELS = 40;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

export type StoredImageType = Extract<DetectedFileType, 'png' | 'jpg' | 'gif' | 'webp'>;

export const IMAGE_TYPES: ReadonlySet<DetectedFileType> = new Set<StoredImageType>(['png', 'jpg', 'gif', 'webp']);

/** The picture's canvas from its header, without decoding the pixels. */
export async function canvasOf(file: string): Promise<'unreadable' | 'too-large' | 'ok'> {
  let metadata: Metadata;
  try {
    metadata = await sharp(file).metadata();
  } catch {
    return 'unreadable';
  }
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
  if (pixels === 0) return 'unreadable';
  return pixels > MAX_IMAGE_PIXELS ? 'too-large' : 'ok';
}

const JPEG_QUALITY = 90;
const WEBP_QUALITY = 90;

function encoded(image: Sharp, type: StoredImageType): Sharp {
  switch (type) {
    case 'png':
      return image.png();
    case 'jpg':
      return image.jpeg({ quality: JPEG_QUALITY });
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: WEBP_QUALITY });
  }
}

/**
 * Decodes `source` whole and writes it to `target` in its own format with no EXIF, XMP, IPTC or
 * comments; false when it cannot be decoded (broken or truncated pixels). An animated GIF or WebP
 * keeps its frames.
 */
export async function writeWithoutMetadata(source: string, target: string, type: StoredImageType): Promise<boolean> {
  try {
    const { pages = 1 } = await sharp(source).metadata();
    const animated = pages > 1;
    const input = sharp(source, { animated, limitInputPixels: MAX_IMAGE_PIXELS });
    // A still picture is turned as its EXIF orientation says, since that orientation goes with the rest.
    const oriented = animated ? input : input.rotate();
    await encoded(oriented.keepIccProfile(), type).toFile(target);
    return true;
  } catch {
    return false;
  }
}
