// An open-loop load generator: requests leave at a fixed rate whatever the server does (autocannon
// waits for an answer before a connection sends again, so a slow server is sent less and looks
// better than it is). Each request's latency runs from the moment it was sent to its whole answer;
// one not answered within the timeout is counted as a timeout.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Stream {
  name: string;
  /** Requests per second. */
  rate: number;
  next: () => RequestSpec;
}

export interface StreamResult {
  name: string;
  sent: number;
  /** Latency of each answered request, ms, by status. */
  latencies: Map<number, number[]>;
  timeouts: number;
  /** Connection errors (refused, reset). */
  errors: number;
  /** 503 answers without a Retry-After header. */
  withoutRetryAfter: number;
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

export function answered(result: StreamResult, accept: (status: number) => boolean = () => true): number[] {
  return [...result.latencies.entries()].filter(([status]) => accept(status)).flatMap(([, values]) => values);
}

/** Sends every stream at its rate for `seconds`; resolves once every request has ended. */
export async function openLoop(origin: string, streams: readonly Stream[], seconds: number, timeoutMs = 10_000): Promise<StreamResult[]> {
  const url = new URL(origin);
  // Enough sockets that the generator never queues requests itself.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2_000 });
  const pending = new Set<Promise<void>>();
  const results = streams.map((stream): StreamResult => ({ name: stream.name, sent: 0, latencies: new Map(), timeouts: 0, errors: 0, withoutRetryAfter: 0 }));

  function send(spec: RequestSpec, result: StreamResult): void {
    result.sent += 1;
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        { host: url.hostname, port: url.port, method: spec.method, path: spec.path, agent, headers: { ...spec.headers, ...(spec.body === undefined ? {} : { 'content-length': Buffer.byteLength(spec.body) }) } },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status === 503 && res.headers['retry-after'] === undefined) result.withoutRetryAfter += 1;
            const list = result.latencies.get(status) ?? [];
            list.push(performance.now() - started);
            result.latencies.set(status, list);
            resolve();
          });
        },
      );
      req.setTimeout(timeoutMs, () => {
        result.timeouts += 1;
        req.destroy(new Error('timeout'));
      });
      req.on('error', (error) => {
        if (error.message !== 'timeout') result.errors += 1;
        resolve();
      });
      req.end(spec.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  }

  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    streams.map(async (stream, index) => {
      const result = results[index];
      if (result === undefined) return;
      const interval = 1000 / stream.rate;
      // Drift-free: the n-th request leaves at start + n * interval (several at once if the generator fell behind).
      for (let n = 0; ; n += 1) {
        const due = start + n * interval;
        if (due >= end) break;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        send(stream.next(), result);
      }
    }),
  );
  await Promise.all([...pending]);
  agent.destroy();
  return results;
}
