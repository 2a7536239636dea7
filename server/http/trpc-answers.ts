// tRPC's Fastify adapter answers with a fetch Response, which Fastify streams: headers, then the
// body chunk by chunk with chunked transfer encoding, several socket writes per answer. The client
// never asks for a streamed answer (httpBatchLink) and answers are small JSON, so each is read
// whole here and sent as one string with its Content-Length: about a fifth of the CPU of a small
// API call under load went to streaming it.
import type { FastifyInstance } from 'fastify';

/** Registered before the hooks that read API answers (the public read cache), so they get text. */
export function sendTrpcAnswersWhole(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!(payload instanceof Response)) return payload;
    reply.code(payload.status);
    payload.headers.forEach((value, name) => void reply.header(name, value));
    return payload.text();
  });
}
