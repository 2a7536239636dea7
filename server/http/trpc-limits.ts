// Request-level limits of the tRPC route (server/http/trpc-route.ts), answered before tRPC runs: the
// number of calls in one batch, and bodies that are JSON and within the size limit.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_PREFIX, trpcCallOf } from './trpc-request';

export { TRPC_PREFIX } from './trpc-request';
export const MAX_BATCH_SIZE = 10;

const JSON_RPC_CODES = {
  BAD_REQUEST: -32600,
  FORBIDDEN: -32003,
  PAYLOAD_TOO_LARGE: -32013,
  UNSUPPORTED_MEDIA_TYPE: -32015,
  SERVICE_UNAVAILABLE: -32603,
} as const;

/**
 * A tRPC-shaped error body, so tRPC clients can read the message; with its catalog key where a
 * visitor may see it, so a page says it in its own language (as the error formatter sends it).
 */
export function trpcErrorBody(code: keyof typeof JSON_RPC_CODES, httpStatus: number, message: string, messageKey?: string) {
  const keyed = messageKey === undefined ? {} : { messageKey, messageValues: {} };
  return { error: { message, code: JSON_RPC_CODES[code], data: { code, httpStatus, fieldErrors: null, ...keyed } } };
}

/** Counts the calls tRPC will run (server/http/trpc-request.ts reads the URL as tRPC does). */
export async function enforceBatchLimit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!req.url.startsWith(`${TRPC_PREFIX}/`)) return;
  const call = trpcCallOf(req.url);
  if (call === null) {
    await reply.code(400).send(trpcErrorBody('BAD_REQUEST', 400, 'The procedure path is malformed.'));
    return;
  }
  if (call.procedures.length > MAX_BATCH_SIZE) {
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
