// Recognises uploaded files by their first bytes (magic numbers). A file's name and the mimetype
// its sender declares are chosen by the sender, so neither is trusted.

export type DetectedFileType = 'png' | 'jpg' | 'gif' | 'webp' | 'mp4' | 'mov' | 'avi';

/** How many leading bytes `detectFileType` needs to tell every supported type apart. */
export const FILE_TYPE_HEAD_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * ISO base media brands that hold still images (HEIF/HEIC, AVIF). They share the 'ftyp' box with
 * MP4, so without this list a phone photo would be stored and served as video/mp4.
 */
const STILL_IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

function ascii(head: Buffer, start: number, end: number): string {
  return head.subarray(start, end).toString('latin1');
}

function startsWith(head: Buffer, signature: Buffer): boolean {
  return head.length >= signature.length && head.subarray(0, signature.length).equals(signature);
}

/** The type of a file from its first bytes (at least FILE_TYPE_HEAD_BYTES when available), or null. */
export function detectFileType(head: Buffer): DetectedFileType | null {
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (startsWith(head, JPEG_SIGNATURE)) return 'jpg';
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'avi';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return 'mov';
    if (STILL_IMAGE_BRANDS.has(brand)) return null;
    return 'mp4';
  }
  return null;
}
