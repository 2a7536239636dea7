// Counts beacons in memory and writes them as daily sums, at most every FLUSH_EVERY_MS: a beacon
// never becomes a row of its own. A visitor is a hash of the day's secret salt, the site, the address
// and the user agent; the address is used for that hash and dropped. The salt is shared by the
// instances through the database and deleted once its day is over, so yesterday's hashes can
// neither be recomputed nor linked to today's. Whether a visitor is new today is settled by the
// database at each write (a hash recorded once, whichever instance saw it first), so two
// instances count one visitor once.
import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '@db/database';
import type { BeaconInput } from './analytics.schemas';
import { addDailySums, claimVisitors, type DailySums, daySalt, forgetDaysBefore } from './analytics-collector.repository';
import { deviceOf, sourceOf } from './visit-source';
import { LANGUAGE_CODES } from '@server/shared/i18n/languages';

export const FLUSH_EVERY_MS = 10_000;
/** Rows of sums kept in memory at most (the database unreachable for long): further beacons are dropped. */
const MAX_PENDING_ROWS = 50_000;

export interface CollectorOptions {
  /** The site's host (the public origin's): part of the visitor hash, and a referrer of "direct". */
  siteHost: string;
  /** The clock that says the day; tests pass their own. */
  now?: () => Date;
  /** A write failed (logged by the caller); the sums are kept for the next write. */
  onError?: (error: unknown) => void;
}

/** A visitor hash waiting to be recorded, and the row that counts it once it is. */
interface PendingClaim {
  rowKey: string;
  counts: 'visitors' | 'entries';
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export class BeaconCollector {
  private readonly now: () => Date;
  private sums = new Map<string, DailySums>();
  /** Visitor hashes waiting to be recorded, by day. */
  private claims = new Map<string, Map<string, PendingClaim>>();
  /** Hashes this instance recorded or is about to, by day: asked of the database once each. */
  private seen = new Map<string, Set<string>>();
  private salt: { day: string; value: Promise<string> } | null = null;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DB,
    private readonly options: CollectorOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (the app's shutdown waits for it). */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Counts one beacon already found acceptable (not a bot, no DNT or GPC, no staff session). */
  async count(beacon: BeaconInput, address: string, userAgent: string): Promise<void> {
    if (this.sums.size >= MAX_PENDING_ROWS) return;
    const day = utcDay(this.now());
    const visitor = sha256(`${await this.saltOf(day)}|${this.options.siteHost}|${address}|${userAgent}`);
    const language = (LANGUAGE_CODES as string[]).includes(beacon.l ?? '') ? (beacon.l as string) : 'en';
    const row: DailySums = {
      day,
      path: beacon.p,
      step: beacon.s,
      eventId: beacon.e ?? '',
      source: sourceOf(beacon, this.options.siteHost),
      utmSource: beacon.us ?? '',
      utmMedium: beacon.um ?? '',
      utmCampaign: beacon.uc ?? '',
      language,
      device: deviceOf(userAgent),
      hits: 0,
      visitors: 0,
      entries: 0,
    };
    const rowKey = JSON.stringify([row.day, row.path, row.step, row.eventId, row.source, row.utmSource, row.utmMedium, row.utmCampaign, row.language, row.device]);
    const sums = this.sums.get(rowKey) ?? row;
    sums.hits += 1;
    this.sums.set(rowKey, sums);
    // A page's visitors are per page; a step's per step and event; the day's visitors per site.
    const reached = beacon.s === 'pageview' ? `pageview|${beacon.p}` : `${beacon.s}|${row.eventId}`;
    this.claim(day, sha256(`${visitor}|${reached}`), { rowKey, counts: 'visitors' });
    if (beacon.s === 'pageview') this.claim(day, visitor, { rowKey, counts: 'entries' });
  }

  /** Writes the sums counted since the last write; one write at a time. */
  async flush(): Promise<void> {
    while (this.flushing !== null) await this.flushing;
    if (this.sums.size === 0 && this.claims.size === 0) return;
    this.flushing = this.write().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(): Promise<void> {
    const sums = this.sums;
    const claims = this.claims;
    this.sums = new Map();
    this.claims = new Map();
    const today = utcDay(this.now());
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [day, pending] of claims) {
          const recorded = await claimVisitors(trx, day, [...pending.keys()]);
          for (const hash of recorded) {
            const claim = pending.get(hash);
            const row = claim === undefined ? undefined : sums.get(claim.rowKey);
            if (claim !== undefined && row !== undefined) row[claim.counts] += 1;
          }
        }
        await addDailySums(trx, [...sums.values()]);
        await forgetDaysBefore(trx, today);
      });
    } catch (error) {
      this.keep(sums, claims);
      this.options.onError?.(error);
      return;
    }
    for (const day of this.seen.keys()) if (day < today) this.seen.delete(day);
  }

  /** Puts back what a failed write did not store, for the next one. */
  private keep(sums: Map<string, DailySums>, claims: Map<string, Map<string, PendingClaim>>): void {
    for (const [key, row] of sums) {
      const now = this.sums.get(key);
      if (now === undefined) this.sums.set(key, { ...row, visitors: 0, entries: 0 });
      else now.hits += row.hits;
    }
    for (const [day, pending] of claims) {
      const into = this.claims.get(day) ?? new Map<string, PendingClaim>();
      for (const [hash, claim] of pending) if (!into.has(hash)) into.set(hash, claim);
      this.claims.set(day, into);
    }
  }

  private claim(day: string, hash: string, claim: PendingClaim): void {
    const seen = this.seen.get(day) ?? new Set<string>();
    this.seen.set(day, seen);
    if (seen.has(hash)) return;
    seen.add(hash);
    const pending = this.claims.get(day) ?? new Map<string, PendingClaim>();
    pending.set(hash, claim);
    this.claims.set(day, pending);
  }

  /** The day's salt: read (or made) once a day per instance. */
  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const value = daySalt(this.db, day, randomBytes(32).toString('hex'));
      // A failed read is asked again at the next beacon.
      value.catch(() => {
        if (this.salt?.value === value) this.salt = null;
      });
      this.salt = { day, value };
    }
    return this.salt.value;
  }
}
