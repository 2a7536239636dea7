// Request-level limits tRPC's Fastify adapter does not have: the number of calls in one batch.
import type { FastifyReply, FastifyRequest } from 'fastify';

export const TRPC_PREFIX = '/api/trpc';
export const MAX_BATCH_SIZE = 10;

/** Counts the procedures of a batched call: /api/trpc/a,b,c?batch=1 holds three. */
export function batchSize(url: string): number {
  const [path = '', query = ''] = url.split('?');
  if (!new URLSearchParams(query).has('batch')) return 1;
  const procedures = path.slice(TRPC_PREFIX.length + 1);
  return procedures === '' ? 0 : procedures.split(',').length;
}

/** A tRPC-shaped error body, so tRPC clients can read the message. */
export function trpcErrorBody(code: 'BAD_REQUEST' | 'FORBIDDEN', httpStatus: number, message: string) {
  const jsonRpcCode = code === 'BAD_REQUEST' ? -32600 : -32003;
  return { error: { message, code: jsonRpcCode, data: { code, httpStatus, fieldErrors: null } } };
}

export async function enforceBatchLimit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!req.url.startsWith(`${TRPC_PREFIX}/`)) return;
  if (batchSize(req.url) > MAX_BATCH_SIZE) {
    await reply
      .code(400)
      .send(trpcErrorBody('BAD_REQUEST', 400, `Too many calls in one request: at most ${MAX_BATCH_SIZE} are allowed.`));
  }
}
