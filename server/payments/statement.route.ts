// POST /api/payments/statement: signed-in staff upload a bank statement (CAMT.053 XML or CSV) in the
// multipart field `file`, at most 5 MB. Its lines are matched and the answer says what was paid and
// which lines wait for a person (statement-import.service.ts). The origin check every POST passes
// (server/http/origin.ts) keeps other sites from posting one with a staff member's cookie. A file
// that is not a statement is 400 with the reason, never 500.
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '@server/core/deps';
import { infrastructureFault } from '@server/core/errors';
import type { AuthUser } from '@server/identity/session.service';
import { authenticateRequest } from '@server/trpc/context';
import { importStatement, UnreadableStatement } from './statement-import.service';

export const STATEMENT_ROUTE = '/api/payments/statement';
export const MAX_STATEMENT_MB = 5;
const MB = 1024 * 1024;

export const STATEMENT_MESSAGES = {
  signIn: 'Please sign in to continue.',
  notMultipart: 'Please send the statement as multipart/form-data in a field named "file".',
  noFile: 'Please choose a statement file to upload.',
  wrongField: 'Please send the statement in a field named "file".',
  empty: 'The file is empty.',
  tooLarge: `The file is too large. The maximum size is ${MAX_STATEMENT_MB} MB.`,
  unreadable: 'The upload could not be read. Please try again.',
  failed: 'Something went wrong. Please try again.',
} as const;

function refuse(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).header('Cache-Control', 'no-store').send({ error: { message } });
}

function isFileTooLargeError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** UTF-8 (with or without its mark), or else Windows-1252, which many banks' CSV exports still use. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function readFile(req: FastifyRequest): Promise<{ bytes: Buffer } | { status: number; message: string }> {
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: MAX_STATEMENT_MB * MB } });
    if (part === undefined) return { status: 400, message: STATEMENT_MESSAGES.noFile };
    if (part.fieldname !== 'file') {
      part.file.resume();
      return { status: 400, message: STATEMENT_MESSAGES.wrongField };
    }
    const bytes = await part.toBuffer();
    if (bytes.length === 0) return { status: 400, message: STATEMENT_MESSAGES.empty };
    return { bytes };
  } catch (error) {
    req.raw.unpipe();
    req.raw.resume();
    if (isFileTooLargeError(error)) return { status: 413, message: STATEMENT_MESSAGES.tooLarge };
    return { status: 400, message: STATEMENT_MESSAGES.unreadable };
  }
}

async function handleStatement(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  if (!req.isMultipart()) return refuse(reply, 400, STATEMENT_MESSAGES.notMultipart);
  const file = await readFile(req);
  if ('status' in file) return refuse(reply, file.status, file.message);
  try {
    const result = await importStatement({ ...deps, user: req.statementUploader ?? null, ip: req.ip }, { content: decode(file.bytes) });
    return reply.header('Cache-Control', 'no-store').send(result);
  } catch (error) {
    if (error instanceof UnreadableStatement) return refuse(reply, 400, error.message);
    const fault = deps.faults.report(error);
    if (fault !== null) return refuse(reply, 503, infrastructureFault(fault).message);
    req.log.error({ err: error }, 'statement import failed');
    return refuse(reply, 500, STATEMENT_MESSAGES.failed);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, found before the body is read; audited with each payment. */
    statementUploader?: AuthUser;
  }
}

export function statementRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 100 } });
    // Errors raised before the handler (an unparseable content type) get the same JSON shape.
    app.setErrorHandler(async (error, req, reply) => {
      const statusCode = error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (statusCode >= 500) {
        req.log.error({ err: error }, 'statement import failed');
        return refuse(reply, 500, STATEMENT_MESSAGES.failed);
      }
      return refuse(reply, 400, STATEMENT_MESSAGES.notMultipart);
    });
    app.post(STATEMENT_ROUTE, {
      // Checked before the body is read: an anonymous upload is refused unread.
      onRequest: async (req, reply) => {
        const caller = await authenticateRequest(deps, req, reply);
        if (caller.user === null) return refuse(reply, 401, STATEMENT_MESSAGES.signIn);
        req.statementUploader = caller.user;
        return undefined;
      },
      handler: (req, reply) => handleStatement(deps, req, reply),
    });
  };
}
