// The REST face of the API, generated from the routers by trpc-to-openapi: every procedure an API
// token's scope opens carries `openapi: { method, path }` in its meta and an `.output()` schema, and
// is served at /api/v1<path> with the same context, the same role checks, scopes, rate limits and
// domain errors as over /api/trpc. GET /api/openapi.json describes it (OpenAPI 3.1).
//
// It is for integrations (a CRM, a script), so it takes a bearer token only: a call without one is
// UNAUTHORIZED before anything runs, even for a public read, and a browser's session cookie is never
// read here (no cross-site request can act with it).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifyTRPCOpenApiPlugin, generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { AppDeps } from '@server/core/deps';
import { APP_VERSION } from '@server/core/version';
import { appRouter } from '@server/router';
import { makeCreateContext } from '@server/trpc/context';
import type { ProcedureMeta } from '@server/trpc/init';
import { procedureMetas } from '@server/trpc/procedure-metas';

export const REST_BASE_PATH = '/api/v1';
export const OPENAPI_PATH = '/api/openapi.json';

const NO_TOKEN_MESSAGE = 'The REST API takes an API token: send it as Authorization: Bearer <token>.';

/**
 * The OpenAPI document of the REST face. The procedures' own descriptions (their meta, the ones
 * docs/api.md shows) become each operation's description.
 */
export function openApiDocument(publicOrigin: string): OpenAPIObject {
  const document = generateOpenApiDocument<ProcedureMeta>(appRouter, {
    title: 'Booking site API',
    description: 'The procedures an API token may call, by scope. Send the token as Authorization: Bearer <token>.',
    version: APP_VERSION,
    baseUrl: `${publicOrigin}${REST_BASE_PATH}`,
  });
  for (const [, meta] of procedureMetas(appRouter)) {
    if (meta?.openapi === undefined) continue;
    const operation = document.paths?.[meta.openapi.path]?.[meta.openapi.method.toLowerCase() as 'get'];
    if (operation === undefined) continue;
    operation.description ??= meta.description;
    if (meta.scope !== undefined) operation.tags = [meta.scope];
  }
  return document;
}

export function restApiRoutes(deps: AppDeps) {
  return async function registerRestApi(app: FastifyInstance): Promise<void> {
    const document = JSON.stringify(openApiDocument(deps.config.publicOrigin));
    app.get(OPENAPI_PATH, async (_req, reply) => reply.type('application/json; charset=utf-8').send(document));

    const createContext = makeCreateContext(deps);
    await app.register(async (rest) => {
      rest.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        if (req.headers.authorization === undefined) {
          await reply.code(401).send({ message: NO_TOKEN_MESSAGE, code: 'UNAUTHORIZED' });
        }
      });
      await rest.register(fastifyTRPCOpenApiPlugin, { basePath: REST_BASE_PATH, router: appRouter, createContext });
    });
  };
}
