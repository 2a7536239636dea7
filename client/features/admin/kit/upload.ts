// Sends one file to POST /api/uploads and returns the URL the server stored it
// under. The server checks the type by content and the size against the Maximum File Upload Size
// setting; its refusal message is what the person sees.

export type UploadKind = 'image' | 'video' | 'avatar' | 'logo';

interface UploadKindInfo {
  /** What the field says it takes: the kinds and the size limit the server enforces for that kind. */
  hint: string;
  /** For the file picker only; the server decides by content. */
  accept: string;
  /** The kind's own ceiling. The server may refuse smaller files when the site setting is lower. */
  maxMb: number;
}

export const UPLOAD_KINDS: Record<UploadKind, UploadKindInfo> = {
  image: { hint: 'PNG, JPG or GIF up to 10MB', accept: 'image/png,image/jpeg,image/gif', maxMb: 10 },
  video: {
    hint: 'MP4, MOV or AVI up to 100MB',
    accept: 'video/mp4,video/quicktime,video/x-msvideo,.mp4,.mov,.avi',
    maxMb: 100,
  },
  avatar: { hint: 'JPG, GIF or PNG. 1MB max.', accept: 'image/png,image/jpeg,image/gif', maxMb: 1 },
  logo: { hint: 'PNG, JPEG or WebP up to 2MB; a square or wide picture on a transparent background works best. Without a logo the site shows its initials.', accept: 'image/png,image/jpeg,image/webp', maxMb: 2 },
};

export const UPLOAD_FAILED_MESSAGE = 'The upload failed. Please try again.';
export const UPLOAD_NETWORK_MESSAGE = 'Could not reach the server. Please check your connection and try again.';

const MB = 1024 * 1024;

/** A refusal or failure whose message is fit to show under the field. */
export class UploadError extends Error {
  override name = 'UploadError';
}

/** The limit the server applies to `kind`: its own ceiling, or the site's Maximum File Upload Size when lower. */
export function uploadLimitMb(kind: UploadKind, siteMaxMb: number | undefined): number {
  const { maxMb } = UPLOAD_KINDS[kind];
  return siteMaxMb === undefined ? maxMb : Math.min(maxMb, siteMaxMb);
}

/** What the field says it takes, with the limit the server will really apply. */
export function uploadHint(kind: UploadKind, siteMaxMb: number | undefined): string {
  const limit = uploadLimitMb(kind, siteMaxMb);
  if (kind === 'image') return `PNG, JPG or GIF up to ${limit}MB`;
  if (kind === 'video') return `MP4, MOV or AVI up to ${limit}MB`;
  return UPLOAD_KINDS.avatar.hint;
}

/**
 * The refusal the server would send for a file over the limit (same words as the server), so a
 * 100 MB video is not sent only to be refused. Null when the file may be sent.
 */
export function tooLargeMessage(file: Blob, kind: UploadKind, siteMaxMb?: number): string | null {
  const limit = uploadLimitMb(kind, siteMaxMb);
  return file.size > limit * MB ? `The file is too large. The maximum size is ${limit} MB.` : null;
}

function messageIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null || !('message' in error)) return null;
  return typeof error.message === 'string' && error.message !== '' ? error.message : null;
}

function urlIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('url' in body)) return null;
  return typeof body.url === 'string' && body.url !== '' ? body.url : null;
}

/**
 * Uploads `file` as `kind`; resolves to its URL (e.g. '/uploads/3f...a1.png'). Rejects with an
 * UploadError carrying the server's message, or with the AbortError when `signal` aborts it.
 */
export async function uploadFile(file: Blob, kind: UploadKind, signal?: AbortSignal, siteMaxMb?: number): Promise<string> {
  const tooLarge = tooLargeMessage(file, kind, siteMaxMb);
  if (tooLarge !== null) throw new UploadError(tooLarge);

  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/uploads?kind=${kind}`, { method: 'POST', body, credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted === true) throw error;
    throw new UploadError(UPLOAD_NETWORK_MESSAGE);
  }
  const answer: unknown = await response.json().catch(() => null);
  const url = urlIn(answer);
  if (response.ok && url !== null) return url;
  throw new UploadError(messageIn(answer) ?? UPLOAD_FAILED_MESSAGE);
}
