// GET /api/export/bookings.csv, contacts.csv and consultations.csv: the staff lists as CSV
// (exports.service.ts writes them); GET /api/exports/payments.csv, the accountant's invoices and
// credit notes (server/payments/payments-export.service.ts). Staff only, any signed-in role.
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import { InvalidInputError } from '@server/core/errors';
import { DEFAULT_LANGUAGE } from '@server/shared/i18n/languages';
import { authenticateRequest } from '@server/trpc/context';
import { paymentsExport } from '@server/payments/payments-export.service';
import { type ExportContext, type ExportKind, openCsvExport, openExport } from './exports.service';

export const EXPORT_ROUTES = {
  bookings: '/api/export/bookings.csv',
  contacts: '/api/export/contacts.csv',
  consultations: '/api/export/consultations.csv',
  payments: '/api/exports/payments.csv',
} as const;

export const EXPORT_MESSAGES = {
  signIn: 'Please sign in to continue.',
} as const;

function refuse(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).send({ error: { message } });
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

type Opener = (ctx: ExportContext, query: unknown) => ReturnType<typeof openCsvExport>;

function exportHandler(deps: AppDeps, kind: ExportKind | Opener) {
  const start: Opener = typeof kind === 'function' ? kind : (ctx, query) => openCsvExport(ctx, { kind, query });
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const caller = await authenticateRequest(deps, req, reply);
    if (caller.user === null) return refuse(reply, 401, EXPORT_MESSAGES.signIn);
    let opened: Awaited<ReturnType<typeof openCsvExport>>;
    try {
      opened = await start({ ...deps, user: caller.user, ip: req.ip, language: DEFAULT_LANGUAGE }, req.query);
    } catch (error) {
      if (error instanceof InvalidInputError) return refuse(reply, 400, error.message);
      throw error;
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${opened.name}-${todayUtc()}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(opened.lines));
  };
}

/** The export routes. */
export function exportRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(EXPORT_ROUTES.bookings, exportHandler(deps, 'bookings'));
    app.get(EXPORT_ROUTES.contacts, exportHandler(deps, 'contacts'));
    app.get(EXPORT_ROUTES.consultations, exportHandler(deps, 'consultations'));
    // 'Overdue' is measured against the time of the download.
    app.get(EXPORT_ROUTES.payments, exportHandler(deps, (ctx, query) => openExport(ctx, paymentsExport(new Date().toISOString()), query)));
  };
}
