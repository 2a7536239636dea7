// One delivery over HTTP: a POST of the signed JSON to the endpoint, with the same network rules as
// the consultants' calendars (server/calendars/calendar-http.ts): the name is resolved at delivery
// time, loopback, private and other special addresses are refused unless
// WEBHOOK_ALLOW_PRIVATE_NETWORK allows them, and the connection goes to the address that was checked.
// Redirects are not followed (a receiver that moved must be edited), one deadline covers the whole
// exchange, and only the first bytes of the answer are kept for the delivery log.
import http from 'node:http';
import https from 'node:https';
import { CalendarHttpError, type CheckedTarget, checkCalendarUrl } from '@server/calendars/calendar-http';

/** Characters of the answer the log keeps. */
export const EXCERPT_CHARS = 300;
const READ_LIMIT_BYTES = 4096;

export interface WebhookAnswer {
  status: number;
  excerpt: string;
}

/** Why no answer came, in the words the delivery log shows. */
export class WebhookSendError extends Error {
  override name = 'WebhookSendError';
}

const REFUSALS: Record<string, string> = {
  'not-https': 'Refused: not an https:// address',
  'bad-address': 'Refused: not a valid address',
  'private-address': 'Refused: the address is on a private network',
  'site-itself': 'Refused: the address is this site itself',
  'not-found-host': 'The server was not found',
};

/** Checks the address now (its name resolved again): where to connect, or why it is refused. */
export async function checkWebhookUrl(url: string, options: { allowPrivateNetwork: boolean; publicOrigin: string }): Promise<CheckedTarget> {
  try {
    return await checkCalendarUrl(url, options);
  } catch (error) {
    if (error instanceof CalendarHttpError) throw new WebhookSendError(REFUSALS[error.failure] ?? error.message, { cause: error });
    throw error;
  }
}

function post(target: CheckedTarget, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<WebhookAnswer> {
  return new Promise((resolve, reject) => {
    const transport = target.url.protocol === 'https:' ? https : http;
    const request = transport.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        // Connect to the address that was checked, whatever the name resolves to now.
        lookup: (_hostname, _options, callback) => callback(null, target.address, target.family),
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const text = Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' ').trim();
          resolve({ status: response.statusCode ?? 0, excerpt: text.slice(0, EXCERPT_CHARS) });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= READ_LIMIT_BYTES) return;
          size += chunk.length;
          chunks.push(chunk);
          // Enough for the log: the rest of a long answer is not waited for.
          if (size >= READ_LIMIT_BYTES) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends one delivery; resolves to the receiver's answer, or rejects with a WebhookSendError. */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivateNetwork: boolean; publicOrigin: string; timeoutMs: number },
): Promise<WebhookAnswer> {
  const target = await checkWebhookUrl(url, options);
  const controller = new AbortController();
  const seconds = Math.round((options.timeoutMs / 1000) * 10) / 10;
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    return await post(target, headers, body, controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new WebhookSendError(`No answer within ${seconds} seconds`);
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) throw new WebhookSendError("The server's certificate is not valid");
    throw new WebhookSendError(`The server could not be reached${code === '' ? '' : ` (${code})`}`);
  } finally {
    clearTimeout(timer);
  }
}
