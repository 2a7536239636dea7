// GET /embed.js: the partner widget's script (embed-script.ts), the same for every partner. Its
// Cross-Origin-Resource-Policy lets other sites load it (server/http/security-headers.ts).
import type { FastifyPluginAsync } from 'fastify';
import { embedScript } from './embed-script';
import { EMBED_PATHS } from './embed.schemas';

export function embedRoutes(): FastifyPluginAsync {
  const script = embedScript();
  return async (app) => {
    app.get(EMBED_PATHS.script, async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(script),
    );
  };
}
