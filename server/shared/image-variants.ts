// Smaller WebP copies of uploaded pictures, for `srcset`: a phone downloads the width it shows, not
// the full upload. Shared by the server (server/uploads/image-variants.route.ts makes them on first request)
// and the client (which lists them in srcset).

/** The widths offered, in pixels. */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;

/** An upload's own address: `/uploads/<name>.<png|jpg|jpeg|gif>` (upload names are letters, digits, - and _). */
const UPLOADED_PICTURE = /^\/uploads\/([A-Za-z0-9_-]+\.(?:png|jpe?g|gif))$/;

export function imageVariantUrl(fileName: string, width: number): string {
  return `/uploads/w/${width}/${fileName}.webp`;
}

/** The srcset of an uploaded picture's WebP copies, or undefined for any other address. */
export function uploadSrcSet(url: string): string | undefined {
  const fileName = UPLOADED_PICTURE.exec(url)?.[1];
  if (fileName === undefined) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(fileName, width)} ${width}w`).join(', ');
}

/** The upload's file name when `fileName` (the part after /uploads/w/<width>/) names a picture's copy. */
export function variantSource(fileName: string): string | undefined {
  if (!fileName.endsWith('.webp')) return undefined;
  return UPLOADED_PICTURE.exec(`/uploads/${fileName.slice(0, -'.webp'.length)}`)?.[1];
}
