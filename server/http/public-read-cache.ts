// Public reads served from memory. Visitors' reads (active events, their sessions, slots with seats
// left, the public settings) change only when someone writes, so the serialized answer of a tRPC GET
// is kept and sent again, with an ETag, until a write in this process or a short time-to-live ends
// it. Callers with a session cookie always go through tRPC: their session is renewed on the way, and
// their answers are marked no-store. The same cache keeps values derived from public reads (the home
// page's content, the server-rendered public pages: remember()), so one invalidate() drops them all;
// it is the single entry point for "something visitors see has changed".
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session';
import { TRPC_PREFIX } from './trpc-limits';

/** Public procedures whose answer is the same for every anonymous caller with the same input. */
export const CACHEABLE_PUBLIC_READS = new Set([
  'events.list',
  'sessions.listByEvent',
  'timeSlots.listBySession',
  'settings.public',
  'homePage.get',
]);

/** Seats left change with every booking: browsers revalidate those each time (a 304 is cheap). */
const ALWAYS_REVALIDATE = new Set(['timeSlots.listBySession']);

export interface PublicReadCacheOptions {
  /** How long an answer is kept at most: bounds staleness after writes made outside this process. */
  ttlMs?: number;
  /** At most this many answers (distinct URLs) are kept; a full cache starts over. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  body: string;
  etag: string;
  cacheControl: string;
  expiresAt: number;
}

/** The procedures of a tRPC GET URL when every one of them may be cached, else null. */
export function cacheableProcedures(url: string): string[] | null {
  if (!url.startsWith(`${TRPC_PREFIX}/`)) return null;
  const queryStart = url.indexOf('?');
  const path = url.slice(TRPC_PREFIX.length + 1, queryStart === -1 ? undefined : queryStart);
  const procedures = decodeURIComponent(path).split(',');
  return procedures.every((name) => CACHEABLE_PUBLIC_READS.has(name)) ? procedures : null;
}

function hasSessionCookie(req: FastifyRequest): boolean {
  const value = req.cookies[SESSION_COOKIE];
  return value !== undefined && value !== '';
}

interface ValueEntry {
  value: Promise<unknown>;
  expiresAt: number;
}

export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly values = new Map<string, ValueEntry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Raised by every write; an answer computed under an older generation is not kept. */
  private generation = 0;

  constructor(options: PublicReadCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /** Forget every kept answer; call after any write that public reads could show. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.values.clear();
  }

  /**
   * The kept value of `key`, or `load()`'s, kept until the next invalidate() or the time-to-live.
   * A failed load is not kept, nor one that an invalidate() overtook (it may predate the write).
   */
  remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.values.get(key);
    if (kept !== undefined && kept.expiresAt > this.now()) return kept.value as Promise<T>;
    const generation = this.generation;
    const value = load();
    if (this.values.size >= this.maxEntries) this.values.clear();
    const entry: ValueEntry = { value, expiresAt: this.now() + this.ttlMs };
    this.values.set(key, entry);
    const forget = () => {
      if (this.values.get(key) === entry) this.values.delete(key);
    };
    value.then(() => {
      if (generation !== this.generation) forget();
    }, forget);
    return value;
  }

  /** Kept API answers (remembered values are counted by valueCount). */
  get size(): number {
    return this.entries.size;
  }

  get valueCount(): number {
    return this.values.size;
  }

  currentGeneration(): number {
    return this.generation;
  }

  lookup(url: string): Entry | undefined {
    const entry = this.entries.get(url);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(url);
      return undefined;
    }
    return entry;
  }

  store(url: string, procedures: string[], body: string, generation: number): Entry | undefined {
    if (generation !== this.generation) return undefined;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry: Entry = {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: procedures.some((name) => ALWAYS_REVALIDATE.has(name))
        ? 'public, no-cache'
        : 'public, max-age=5, must-revalidate',
      expiresAt: this.now() + this.ttlMs,
    };
    this.entries.set(url, entry);
    return entry;
  }
}

function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('etag', entry.etag).header('cache-control', entry.cacheControl);
  if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  return reply.code(200).type('application/json').send(entry.body);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a cacheable public read that missed: the generation it started under. */
    publicReadGeneration?: number;
  }
}

/** Hooks that answer cached public reads before tRPC runs, keep fresh answers, and forget on writes. */
export function registerPublicReadCache(app: FastifyInstance, cache: PublicReadCache): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || hasSessionCookie(req)) return;
    if (cacheableProcedures(req.url) === null) return;
    const entry = cache.lookup(req.url);
    if (entry !== undefined) return sendEntry(req, reply, entry);
    req.publicReadGeneration = cache.currentGeneration();
  });

  app.addHook('onSend', async (req, reply, payload) => {
    // Any write through the API may change what visitors see; the next read starts afresh.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url.startsWith('/api/')) {
      cache.invalidate();
      return payload;
    }
    const generation = req.publicReadGeneration;
    if (generation === undefined) return payload;
    const procedures = cacheableProcedures(req.url);
    if (procedures === null) return payload;
    // tRPC's answers are text (server/http/trpc-route.ts).
    if (typeof payload !== 'string' || reply.statusCode !== 200) return payload;
    const body = payload;
    const entry = cache.store(req.url, procedures, body, generation);
    if (entry === undefined) return body;
    reply.header('etag', entry.etag).header('cache-control', entry.cacheControl);
    if (req.headers['if-none-match'] === entry.etag) {
      reply.code(304);
      return '';
    }
    return body;
  });
}
