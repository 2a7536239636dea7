// Request-level limits of the tRPC route (server/http/trpc-route.ts), answered before tRPC runs: the
// number of calls in one batch, and bodies that are JSON and within the size limit.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const TRPC_PREFIX = '/api/trpc';
export const MAX_BATCH_SIZE = 10;

/** Counts the procedures of a batched call: /api/trpc/a,b,c?batch=1 holds three. */
export function batchSize(url: string): number {
  const [path = '', query = ''] = url.split('?');
  if (!new URLSearchParams(query).has('batch')) return 1;
  // Fastify decodes the path before tRPC splits it, so an encoded comma (%2C) separates calls too.
  const procedures = path.slice(TRPC_PREFIX.length + 1).replace(/%2c/gi, ',');
  return procedures === '' ? 0 : procedures.split(',').length;
}

const JSON_RPC_CODES = {
  BAD_REQUEST: -32600,
  FORBIDDEN: -32003,
  PAYLOAD_TOO_LARGE: -32013,
  UNSUPPORTED_MEDIA_TYPE: -32015,
} as const;

/** A tRPC-shaped error body, so tRPC clients can read the message. */
export function trpcErrorBody(code: keyof typeof JSON_RPC_CODES, httpStatus: number, message: string) {
  return { error: { message, code: JSON_RPC_CODES[code], data: { code, httpStatus, fieldErrors: null } } };
}

export async function enforceBatchLimit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!req.url.startsWith(`${TRPC_PREFIX}/`)) return;
  if (batchSize(req.url) > MAX_BATCH_SIZE) {
    await reply
      .code(400)
      .send(trpcErrorBody('BAD_REQUEST', 400, `Too many calls in one request: at most ${MAX_BATCH_SIZE} are allowed.`));
  }
}

/**
 * tRPC bodies must be JSON, within the limit: answered here in tRPC's error shape (tRPC itself
 * would accept form data too, which this API never takes).
 */
export function enforceTrpcBody(limitBytes: number) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!req.url.startsWith(`${TRPC_PREFIX}/`) || req.method === 'GET' || req.method === 'HEAD') return;
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > limitBytes) {
      await reply.code(413).send(trpcErrorBody('PAYLOAD_TOO_LARGE', 413, 'Request body is too large.'));
      return;
    }
    const mediaType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (mediaType !== undefined && mediaType !== 'application/json') {
      await reply
        .code(415)
        .send(trpcErrorBody('UNSUPPORTED_MEDIA_TYPE', 415, 'Unsupported content type: send application/json.'));
    }
  };
}
