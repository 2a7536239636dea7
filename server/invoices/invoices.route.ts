// GET /api/invoices/<number>.pdf: an invoice or credit note as a PDF. Any signed-in staff member
// gets any document; a visitor gets one only with their manage link's token (`?manage=<token>`,
// the token the manage page /booking/manage/<token> carries), and only a document of that booking.
// Every other request is 404, the same as for a number that does not exist, so nobody learns which
// numbers exist. (Not `?token=`: the API's addresses refuse that name, the one other APIs give
// their bearer tokens, see server/http/api-token-guard.ts.)
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import { authenticateRequest } from '@server/trpc/context';
import { INVOICE_PDF_PATH, MANAGE_TOKEN_PARAMETER } from './invoices.schemas';
import { invoicePdfFor } from './invoices.service';

export const INVOICE_NOT_FOUND = 'Not found.';

function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function invoiceRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(`${INVOICE_PDF_PATH}:file`, async (req: FastifyRequest, reply: FastifyReply) => {
      const file = stringOf((req.params as Record<string, unknown>).file) ?? '';
      const query = req.query as Record<string, unknown>;
      const notFound = () => reply.code(404).header('Cache-Control', 'no-store').send({ error: { message: INVOICE_NOT_FOUND } });
      if (!file.endsWith('.pdf')) return notFound();
      const caller = await authenticateRequest(deps, req, reply);
      const found = await invoicePdfFor(
        { db: deps.db, uploadsDir: deps.uploadsDir, user: caller.user },
        { number: file.slice(0, -'.pdf'.length), token: stringOf(query[MANAGE_TOKEN_PARAMETER]) },
      );
      if (found === null) return notFound();
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${found.number}.pdf"`)
        // The address may carry a manage token: neither kept by caches nor sent on as a referrer.
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Robots-Tag', 'noindex')
        .send(found.pdf);
    });
  };
}
