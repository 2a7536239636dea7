// What /metrics reports, on prom-client: one registry per app (tests run several apps in one process,
// each counting its own), plus the process's own metrics from one process-wide registry.
//
// Counters move where things happen (a request answered, a booking stored, a message sent, a limit
// refusing); gauges that describe stored state (the outbox, the PostgreSQL pool, readiness) are read
// when Prometheus scrapes, never on a request's path. Every label value comes from a fixed list:
// procedure names, route patterns, statuses, kinds and limit names, never an address, a name or an id.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DB } from '@db/database';
import { poolOf } from '@db/postgres';
import { type BookingStatus, EMAIL_KINDS, type EmailKind } from '@db/schema';
import { countOutboxByStateAndKind, oldestWaitingCreatedAt, type OutboxState } from '@server/email/outbox-stats.repository';

/** Latency buckets in seconds: a cached read answers in well under 5 ms; 1 s is the alerting line. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/** CPU, memory, event-loop lag, GC: one set per process, however many apps it runs. */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type BookingKind = 'public' | 'staff';

export interface SiteMetricsOptions {
  db: DB;
  /**
   * Runs the scrape's own queries (the outbox counts): on a connection beside the app's pool, so
   * they neither wait behind the app's queries nor count in site_db_pool_waiting. By default on `db`.
   */
  query?: <T>(work: (db: DB) => Promise<T>) => Promise<T>;
  /** Whether the site is ready (server/monitoring/readiness.service.ts), read at each scrape. */
  ready?: () => Promise<boolean>;
  /** The clock, for the oldest waiting message's age (tests inject one). */
  now?: () => number;
}

export class SiteMetrics {
  readonly registry = new Registry();

  /**
   * Requests answered, counted in a plain map on the request's path (a counter's label checks and
   * hashing cost more than a cached public read can spare) and handed to the counter at each scrape.
   */
  private readonly answered = new Map<string, { method: string; route: string; statusClass: string; count: number }>();

  private readonly requests = new Counter({
    name: 'site_http_requests_total',
    help: 'HTTP requests answered, by method, route (the tRPC procedure for the API) and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
    collect: () => {
      this.requests.reset();
      for (const { method, route, statusClass, count } of this.answered.values()) {
        this.requests.inc({ method, route, status_class: statusClass }, count);
      }
    },
  });

  private readonly latency = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly bookings = new Counter({
    name: 'site_bookings_created_total',
    help: 'Bookings created, by who made them (public form or staff) and the state they were stored in.',
    labelNames: ['kind', 'state'] as const,
    registers: [this.registry],
  });

  private readonly contacts = new Counter({
    name: 'site_contact_messages_total',
    help: 'Contact messages received through the public form.',
    registers: [this.registry],
  });

  private readonly sent = new Counter({
    name: 'site_emails_sent_total',
    help: 'E-mails the SMTP server accepted, by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly sendFailures = new Counter({
    name: 'site_email_send_failures_total',
    help: 'Failed attempts to send an e-mail, by kind (each is retried until the message gives up).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly refusals = new Counter({
    name: 'site_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by limit.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  private readonly signInFailures = new Counter({
    name: 'site_sign_in_failures_total',
    help: 'Sign-ins refused for a wrong e-mail address or password.',
    registers: [this.registry],
  });

  private readonly twoFactorFailures = new Counter({
    name: 'site_two_factor_failures_total',
    help: 'Sign-ins refused at the second step for a wrong code.',
    registers: [this.registry],
  });

  constructor(options: SiteMetricsOptions) {
    const { db, ready } = options;
    const query = options.query ?? ((work) => work(db));
    const now = options.now ?? Date.now;
    // Zero from the start, so a rate or an alert on them has a series before the first event.
    this.contacts.inc(0);
    this.signInFailures.inc(0);
    this.twoFactorFailures.inc(0);

    new Gauge({
      name: 'site_outbox_messages',
      help: 'E-mails in the outbox by state (waiting to go out, or failed: given up) and kind.',
      labelNames: ['state', 'kind'] as const,
      registers: [this.registry],
      async collect() {
        // The database down is when a monitor needs the rest of the page most: these series are left
        // out of that scrape (site_ready says why) rather than failing it.
        const counts = await query(countOutboxByStateAndKind).catch(() => null);
        this.reset();
        if (counts === null) return;
        const byKey = new Map(counts.map((row) => [`${row.state} ${row.kind}`, row.count]));
        const states: OutboxState[] = ['waiting', 'failed'];
        // Every pair is written, zero included, so the series never disappear between scrapes.
        for (const state of states) {
          for (const kind of EMAIL_KINDS) this.set({ state, kind }, byKey.get(`${state} ${kind}`) ?? 0);
        }
      },
    });

    new Gauge({
      name: 'site_outbox_oldest_waiting_seconds',
      help: 'Age of the oldest e-mail still waiting to go out (0 when none waits).',
      registers: [this.registry],
      async collect() {
        const oldest = await query(oldestWaitingCreatedAt).catch(() => undefined);
        this.reset();
        if (oldest === undefined) return;
        this.set(oldest === null ? 0 : Math.max(0, (now() - Date.parse(oldest)) / 1000));
      },
    });

    if (ready !== undefined) {
      new Gauge({
        name: 'site_ready',
        help: 'Whether the site is ready to serve (1) or not (0), as GET /readyz answers.',
        registers: [this.registry],
        async collect() {
          this.set((await ready()) ? 1 : 0);
        },
      });
    }

    const pool = poolOf(db);
    if (pool !== undefined) {
      new Gauge({
        name: 'site_db_pool_connections',
        help: 'PostgreSQL connections of this instance, by state (in use by a query or transaction, or idle).',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'site_db_pool_waiting',
        help: 'Queries of this instance waiting for a free PostgreSQL connection.',
        registers: [this.registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
  }

  /** One answered request; `seconds` from its arrival to the answer. */
  requestAnswered(method: string, route: string, statusClass: string, seconds: number): void {
    const key = `${method} ${route} ${statusClass}`;
    const entry = this.answered.get(key);
    if (entry === undefined) this.answered.set(key, { method, route, statusClass, count: 1 });
    else entry.count += 1;
    this.latency.observe({ method, route }, seconds);
  }

  bookingCreated(kind: BookingKind, state: BookingStatus): void {
    this.bookings.inc({ kind, state });
  }

  contactReceived(): void {
    this.contacts.inc();
  }

  emailSent(kind: EmailKind): void {
    this.sent.inc({ kind });
  }

  emailFailed(kind: EmailKind): void {
    this.sendFailures.inc({ kind });
  }

  limitRefused(limit: string): void {
    this.refusals.inc({ limit });
  }

  signInFailed(): void {
    this.signInFailures.inc();
  }

  twoFactorFailed(): void {
    this.twoFactorFailures.inc();
  }

  /** The Prometheus text: the process's metrics, then the site's. */
  async render(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
