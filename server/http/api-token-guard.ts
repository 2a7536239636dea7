// API tokens travel in the Authorization header only. One in an address (a query string) ends up in
// proxy logs, browser history and Referer headers, so such a request is refused before anything
// runs, and the answer tells the caller why; the token should be revoked.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_PATTERN } from '@server/api-tokens/api-tokens.service';
import { trpcErrorBody } from './trpc-limits';

/** Query parameters that carry a bearer token by other APIs' conventions. */
const TOKEN_PARAMETERS = ['access_token', 'api_key', 'apikey', 'token', 'bearer'];

export const TOKEN_IN_ADDRESS_MESSAGE = 'API tokens are not accepted in the address: send them in the Authorization header (Bearer), and revoke this one.';

/**
 * A query holding something shaped like a token (anywhere: a tRPC GET's `input` too), or, on the
 * API's own addresses, a parameter named as other APIs take tokens. A page's query (a manage link's
 * `?token=`) is not the API's and is left alone.
 */
function carriesToken(url: string): boolean {
  const query = url.indexOf('?');
  if (query === -1) return false;
  const onApi = url.startsWith('/api/');
  for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
    if (API_TOKEN_PATTERN.test(value)) return true;
    if (onApi && TOKEN_PARAMETERS.includes(name.toLowerCase())) return true;
  }
  return false;
}

export async function refuseTokenInAddress(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (carriesToken(req.url)) {
    await reply.code(400).send(trpcErrorBody('BAD_REQUEST', 400, TOKEN_IN_ADDRESS_MESSAGE));
  }
}
