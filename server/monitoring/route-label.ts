// The `route` label of a request: what was asked for, from a short fixed list, never the raw URL (an
// id, a token or a search in a label would make a series per visitor and put personal data in the
// monitoring system).
import type { FastifyRequest } from 'fastify';
import { TRPC_PREFIX, trpcCallOf } from '@server/http/trpc-request';

/** Several procedures in one request. */
export const BATCH_ROUTE = '(batch)';
/** A path under the API that names no procedure. */
export const UNKNOWN_PROCEDURE_ROUTE = '(unknown procedure)';
/** A public page answered by the page renderer (every page path shares it). */
export const PAGE_ROUTE = '(page)';
/** Anything else no route answers. */
export const NOT_FOUND_ROUTE = '(not found)';
/** The built client's hashed files, one label for all of them. */
export const ASSET_ROUTE = '/assets/*';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other';
}

const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

export function statusClassLabel(statusCode: number): string {
  return STATUS_CLASSES[Math.min(5, Math.max(1, Math.floor(statusCode / 100)))] ?? '5xx';
}

const PROCEDURE_START = TRPC_PREFIX.length + 1;

/**
 * The procedure a tRPC URL names. Most requests name one procedure in plain letters, which is read
 * straight off the path (this runs on every request); anything encoded or with a comma goes through
 * the parser tRPC's own reading is matched by.
 */
function procedureLabel(url: string, procedures: ReadonlySet<string>): string {
  const queryStart = url.indexOf('?', PROCEDURE_START);
  const path = url.slice(PROCEDURE_START, queryStart === -1 ? undefined : queryStart);
  if (!path.includes('%') && !path.includes(',')) return procedures.has(path) ? path : UNKNOWN_PROCEDURE_ROUTE;
  const call = trpcCallOf(url);
  if (call === null) return UNKNOWN_PROCEDURE_ROUTE;
  if (call.procedures.length > 1) return BATCH_ROUTE;
  const [procedure] = call.procedures;
  return procedure !== undefined && procedures.has(procedure) ? procedure : UNKNOWN_PROCEDURE_ROUTE;
}

/**
 * The label for one request: the tRPC procedure's name when it names one of `procedures`, else the
 * route pattern Fastify matched (`/api/uploads`, `/uploads/*`), else a page or not-found.
 */
export function routeLabel(req: FastifyRequest, procedures: ReadonlySet<string>): string {
  if (req.url.startsWith(`${TRPC_PREFIX}/`)) return procedureLabel(req.url, procedures);
  const pattern = req.routeOptions.url;
  if (pattern === undefined) {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && !req.url.startsWith('/uploads/');
    return isPage ? PAGE_ROUTE : NOT_FOUND_ROUTE;
  }
  if (pattern === '/') return PAGE_ROUTE;
  // The static plugin registers each built file as its own route.
  if (pattern.startsWith('/assets/')) return ASSET_ROUTE;
  return pattern;
}
