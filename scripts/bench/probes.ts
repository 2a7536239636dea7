// The monitor's probes (/healthz and /metrics, twice a second each, as a load balancer and Prometheus
// poll) sent from a process of their own. A probe's latency is taken when its answer has been read:
// sent from the load generator's process, it would also count the time that busy event loop (500
// requests a second, their answers, the e-mails the SMTP sink takes in) needs to get round to
// reading it, which a real monitor on another machine never sees.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openLoop, type Stream, type StreamResult } from './open-loop';

export function probeStreams(): Stream[] {
  return [
    { name: '/healthz', rate: 2, next: () => ({ method: 'GET', path: '/healthz' }) },
    { name: '/metrics', rate: 2, next: () => ({ method: 'GET', path: '/metrics' }) },
  ];
}

interface ProbeOrder {
  origin: string;
  seconds: number;
}

/** StreamResult over the IPC channel: its Map as entries. */
type SentResult = Omit<StreamResult, 'latencies'> & { latencies: [number, number[]][] };

/**
 * Starts the probing process and resolves once it is ready; the returned function sends the probes
 * for `seconds` and resolves with their results.
 */
export async function startProbeProcess(): Promise<(origin: string, seconds: number) => Promise<StreamResult[]>> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
  });
  return (origin, seconds) =>
    new Promise((resolve, reject) => {
      child.once('message', (results: SentResult[]) => {
        child.disconnect();
        resolve(results.map((result) => ({ ...result, latencies: new Map(result.latencies) })));
      });
      child.once('exit', (code) => reject(new Error(`the probing process ended (exit code ${code})`)));
      child.send({ origin, seconds } satisfies ProbeOrder);
    });
}

// In the child: wait for the order, probe, send the results back.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.send !== undefined) {
  process.once('message', async (order: ProbeOrder) => {
    // One probe of each first, not counted: a new process's first request also loads and compiles
    // its HTTP client (40-100 ms here), which says nothing about the server.
    await openLoop(order.origin, probeStreams(), 0.5);
    void openLoop(order.origin, probeStreams(), order.seconds).then((results) => {
      const sent: SentResult[] = results.map((result) => ({ ...result, latencies: [...result.latencies.entries()] }));
      process.send?.(sent);
    });
  });
  process.send('ready');
}
