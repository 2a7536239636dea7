// What /metrics reports, on prom-client: one registry per app (tests run several apps in one process,
// each counting its own), plus the process's own metrics from one process-wide registry.
//
// Counters move where things happen (a request answered, a booking stored, a message sent, a limit
// refusing); gauges that describe stored state (the outbox, the PostgreSQL pool, readiness...) are
// read when Prometheus scrapes, never on a request's path (scrape-gauges.ts). Every label value comes from a fixed list:
// procedure names, route patterns, statuses, kinds and limit names, never an address, a name or an id.
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { BookingStatus, EmailKind } from '@db/schema';
import { registerScrapeGauges, type ScrapeGaugeOptions } from './scrape-gauges';

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

export type SiteMetricsOptions = Omit<ScrapeGaugeOptions, 'inFlight'>;

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

  private readonly shed = new Counter({
    name: 'site_http_requests_shed_total',
    help: 'Requests answered 503 with Retry-After at once because too many were in flight (load shedding).',
    registers: [this.registry],
  });

  /** The requests in flight now, read at each scrape (set by the app: server/app.ts). */
  private inFlight: () => number = () => 0;

  constructor(options: SiteMetricsOptions) {
    // Zero from the start, so a rate or an alert on them has a series before the first event.
    this.contacts.inc(0);
    this.signInFailures.inc(0);
    this.twoFactorFailures.inc(0);
    this.shed.inc(0);

    registerScrapeGauges(this.registry, { ...options, inFlight: () => this.inFlight() });
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

  /** Where the number of requests in flight is read at each scrape (the app's own count). */
  watchInFlight(count: () => number): void {
    this.inFlight = count;
  }

  requestShed(): void {
    this.shed.inc();
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
