// The loop that runs the webhooks' sender (webhook-delivery.service.ts) in the server process: a
// pass every few seconds, never two at once, and once an hour the delivery log's retention; tests
// run passes themselves with their own clock.
import type { ServiceDeps } from '@server/core/deps';
import { applyWebhookRetention, processDueWebhooks } from './webhook-delivery.service';

export const DEFAULT_WEBHOOK_INTERVAL_MS = 5_000;
const RETENTION_EVERY_MS = 3_600_000;

export interface WebhookSender {
  /** One pass at the clock's now; resolves to the number delivered. Passes never overlap. */
  runOnce(): Promise<number>;
  /** Ends the loop; resolves when the pass under way is over. */
  stop(): Promise<void>;
}

export function startWebhookSender(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  options: { intervalMs?: number | null; now?: () => Date; onError?: (error: unknown) => void; onPassDone?: () => void } = {},
): WebhookSender {
  const intervalMs = options.intervalMs === undefined ? DEFAULT_WEBHOOK_INTERVAL_MS : options.intervalMs;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((error: unknown) => console.error('Webhook sender:', error));
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  let retainedAt = 0;

  async function pass(): Promise<number> {
    const at = now();
    const delivered = await processDueWebhooks(deps, at);
    if (at.getTime() - retainedAt >= RETENTION_EVERY_MS) {
      await applyWebhookRetention(deps, at);
      retainedAt = at.getTime();
    }
    return delivered;
  }

  function runOnce(): Promise<number> {
    const result = chain.then(() => (stopped ? 0 : pass()));
    chain = result.catch(() => undefined);
    return result;
  }

  const timer =
    intervalMs === null
      ? undefined
      : setInterval(
          () =>
            void runOnce()
              .then(() => options.onPassDone?.())
              .catch(onError),
          intervalMs,
        );
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      await chain;
    },
  };
}
