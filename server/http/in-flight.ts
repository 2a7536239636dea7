// The requests this server is answering right now, so a shutdown can wait for exactly those: after
// SIGTERM readiness turns 503 (the proxy stops sending new requests), and the server closes once the
// requests that were in flight at that moment have been answered (server/index.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';

interface Waiter {
  waiting: Set<FastifyRequest>;
  resolve: () => void;
}

export class InFlightRequests {
  private readonly active = new Set<FastifyRequest>();
  private waiters: Waiter[] = [];

  get count(): number {
    return this.active.size;
  }

  started(req: FastifyRequest): void {
    this.active.add(req);
  }

  finished(req: FastifyRequest): void {
    if (!this.active.delete(req)) return;
    if (this.waiters.length === 0) return;
    for (const waiter of this.waiters) {
      waiter.waiting.delete(req);
      if (waiter.waiting.size === 0) waiter.resolve();
    }
    this.waiters = this.waiters.filter((waiter) => waiter.waiting.size > 0);
  }

  /** Resolves once every request in flight now has been answered (requests arriving later are not waited for). */
  settled(): Promise<void> {
    if (this.active.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ waiting: new Set(this.active), resolve });
    });
  }
}

/** Counts requests from their arrival to their answer (or the client going away). Registered first. */
export function trackInFlight(app: FastifyInstance, inFlight: InFlightRequests): void {
  app.addHook('onRequest', (req, _reply, done) => {
    inFlight.started(req);
    done();
  });
  app.addHook('onResponse', (req, _reply, done) => {
    inFlight.finished(req);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    inFlight.finished(req);
    done();
  });
}
