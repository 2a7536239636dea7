// What a request to the tRPC route asks tRPC to run, read the way tRPC will read it. The batch limit
// (trpc-limits.ts) and the public-read cache (public-read-cache.ts) both decide from this, so what
// they count and key is exactly what runs: Fastify decodes the path once, then tRPC decodes it again
// and splits a batch at its commas (a double-encoded comma, `%252C`, separates calls too).

export const TRPC_PREFIX = '/api/trpc';

export interface TrpcCall {
  /** The procedure paths tRPC will run, in order. */
  procedures: string[];
  /** `?batch=1`: the answer is an array, one result per procedure. */
  batch: boolean;
  /** The query string, for GET inputs. */
  search: URLSearchParams;
}

function decodeOnce(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The call a raw request URL makes (`/api/trpc/a,b?batch=1&input=...`), or null when it is not under
 * the tRPC route or its path cannot be decoded (Fastify or tRPC would refuse it).
 */
export function trpcCallOf(url: string): TrpcCall | null {
  if (!url.startsWith(`${TRPC_PREFIX}/`)) return null;
  const queryStart = url.indexOf('?');
  const rawPath = url.slice(TRPC_PREFIX.length + 1, queryStart === -1 ? undefined : queryStart);
  const byFastify = decodeOnce(rawPath);
  const byTrpc = byFastify === null ? null : decodeOnce(byFastify);
  if (byTrpc === null) return null;
  const search = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
  // tRPC's own rule: only `batch=1` makes a batch; otherwise the whole path is one procedure's name.
  const batch = search.get('batch') === '1';
  return { procedures: batch ? byTrpc.split(',') : [byTrpc], batch, search };
}

/** tRPC answers `application/jsonl` (a stream of lines) when asked through either header. */
export function asksForJsonLines(headers: Record<string, string | string[] | undefined>): boolean {
  const trpcAccept = headers['trpc-accept'];
  // Repeated headers reach tRPC joined, as the fetch API's Headers joins them.
  if (trpcAccept !== undefined) return (Array.isArray(trpcAccept) ? trpcAccept.join(', ') : trpcAccept) === 'application/jsonl';
  const accept = headers.accept;
  const values = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return values.split(',').some((type) => type.trim() === 'application/jsonl');
}
