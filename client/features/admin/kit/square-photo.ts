// Portraits (delegates) are shown in circles and squares, so a photo is cropped to its centred
// square in the browser before it is uploaded, and scaled down to at most 800 px a side, which
// also keeps ordinary camera photos under the 1 MB limit of the 'avatar' upload kind.
export const SQUARE_PHOTO_MAX_SIDE = 800;

/** The centred square of a `width` x `height` image, and the side it is drawn at. */
export function squareCrop(width: number, height: number, maxSide = SQUARE_PHOTO_MAX_SIDE) {
  const side = Math.min(width, height);
  return {
    sx: Math.floor((width - side) / 2),
    sy: Math.floor((height - side) / 2),
    side,
    outSide: Math.min(side, maxSide),
  };
}

/**
 * The file cropped to a square (PNG stays PNG, others become JPEG; a GIF loses its animation). A
 * file the browser cannot decode is returned as it is, so the server's type check answers for it.
 */
export async function cropToSquare(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const { sx, sy, side, outSide } = squareCrop(bitmap.width, bitmap.height);
  if (bitmap.width === bitmap.height && side === outSide) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = outSide;
  canvas.height = outSide;
  const context = canvas.getContext('2d');
  if (context === null) return file;
  context.drawImage(bitmap, sx, sy, side, side, 0, 0, outSide, outSide);
  bitmap.close();
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (blob === null) return file;
  const name = file.name.replace(/\.[^.]*$/, '') + (type === 'image/png' ? '.png' : '.jpg');
  return new File([blob], name, { type });
}
