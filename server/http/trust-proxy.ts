// TRUST_PROXY for Fastify. A list of proxy addresses goes through as is (proxy-addr checks each hop
// from the right). Fastify deliberately ignores a bare hop count, so a count becomes a function
// trusting the connection and the next count-1 X-Forwarded-For entries from the right: the client
// is the entry the outermost proxy appended, whatever a visitor wrote before it.
import type { TrustProxy } from '@server/core/config';

export type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export function fastifyTrustProxy(trust: TrustProxy): FastifyTrustProxy {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
