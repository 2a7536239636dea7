// A real webhook receiver on loopback for tests: a node:http server that checks each request's
// signature with `standardwebhooks` (Webhook.verify, as a firm's receiver would), keeps the events
// it accepted in the order they arrived, and can go down (stop listening: connections are refused)
// and come back on the same port, or answer with an error status for a while. No mocks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  /** The webhook-id header: the same for every attempt at one delivery. */
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export interface TestWebhookReceiver {
  url: string;
  /** Events whose signature verified, in the order they arrived. */
  received: ReceivedWebhook[];
  /** Requests refused because their signature did not verify. */
  badSignatures: number;
  /** The endpoint's secret, once the test made the endpoint: until then every request is refused. */
  secret: string | null;
  /** Answer every request with this status instead of 204 (null: accept). */
  failWith: number | null;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function headersOf(request: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') out[name] = value;
  return out;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<TestWebhookReceiver> {
  const receiver: Omit<TestWebhookReceiver, 'url' | 'down' | 'up' | 'close'> = { received: [], badSignatures: 0, secret: null, failWith: null };
  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = await readBody(request);
    if (receiver.failWith !== null) {
      response.writeHead(receiver.failWith, { 'content-type': 'text/plain' }).end('Receiver is having a bad day');
      return;
    }
    try {
      if (receiver.secret === null) throw new Error('no secret yet');
      const event = new Webhook(receiver.secret).verify(body, headersOf(request)) as { type: string; data: Record<string, unknown> };
      receiver.received.push({ id: String(request.headers['webhook-id']), type: event.type, data: event.data });
      response.writeHead(204).end();
    } catch {
      receiver.badSignatures += 1;
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad signature');
    }
  };
  let server = http.createServer((request, response) => void handle(request, response));
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${path}`,
    down: stop,
    async up() {
      server = http.createServer((request, response) => void handle(request, response));
      await listen(port);
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  });
}
