// Sends a bank statement to POST /api/payments/statement and reads the answer: what was paid and the
// lines left for a person, or the server's reason for refusing the file.
import { statementImportOutput, type StatementImportResult } from '@server/payments/payments.schemas';

export const STATEMENT_MAX_MB = 5;
const NETWORK_MESSAGE = 'The statement could not be sent. Check your connection and try again.';
const FAILED_MESSAGE = 'The statement could not be imported. Please try again.';

export class StatementUploadError extends Error {}

function messageIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null || !('message' in error)) return null;
  return typeof error.message === 'string' && error.message !== '' ? error.message : null;
}

export async function uploadStatement(file: Blob): Promise<StatementImportResult> {
  if (file.size > STATEMENT_MAX_MB * 1024 * 1024) throw new StatementUploadError(`The file is too large. The maximum size is ${STATEMENT_MAX_MB} MB.`);
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/payments/statement', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new StatementUploadError(NETWORK_MESSAGE);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new StatementUploadError(messageIn(answer) ?? FAILED_MESSAGE);
  const result = statementImportOutput.safeParse(answer);
  if (!result.success) throw new StatementUploadError(FAILED_MESSAGE);
  return result.data;
}
