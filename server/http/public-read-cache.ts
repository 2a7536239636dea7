// Public reads served from memory. Visitors' reads (active events, their sessions, slots with seats
// left, the public settings, the home content) change only when staff or a booking change them, so
// the answer of a tRPC GET is kept and sent again, with an ETag, until a change to what it shows or
// a short time-to-live ends it. Callers with a session cookie always go through tRPC: their session
// is renewed on the way, and their answers are marked no-store. The same cache keeps values derived
// from public reads (the home content, the server-rendered public pages: remember()).
//
// - Keys are what tRPC will run: the procedures and their inputs as each procedure's own schema
//   reads them, written canonically (trpc-request.ts reads the URL as tRPC does). Other query
//   parameters, extra fields and spacing make no new entry, and only the plain JSON form of an
//   answer is kept: a request for JSON lines goes to tRPC.
// - Every entry carries the tags of the data it shows. The services name the tags a change touches
//   after it commits (`invalidate(['slots'])` after a booking); nothing else empties the cache, so
//   a refused request, a failed sign-in or a 404 changes nothing.
// - A change of seats left (a booking) forgets the API answers that show them, but only marks the
//   server-rendered pages stale (`invalidate(tags, { pages: 'revalidate' })`): a stale page is still
//   served while one rebuild runs in the background, and it is rebuilt at most once per
//   MIN_REBUILD_MS, so a burst of bookings costs one render, not one per booking (60 ms each for an
//   event's page). The seats a page shows may lag by that much; the booking itself always counts
//   them in its transaction. Staff changes forget pages at once, as before.
// - It is bounded in bytes (lru-cache): a full cache drops its least recently used entries.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { byIdInput } from '@server/shared/common.schemas';
import { eventListInput } from '@server/events/events.schemas';
import { listByEventInput, listBySessionInput } from '@server/sessions/sessions.schemas';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { asksForJsonLines, trpcCallOf } from './trpc-request';

/**
 * The kinds of data visitors see; a change names the ones it touches. 'schedule' is when sessions
 * run (their slots' times, whether they are active): the days an event's card says. Staff change
 * it; a booking does not (it changes 'slots', the seats left), so the home page's events survive
 * every booking.
 */
export const PUBLIC_DATA_TAGS = ['events', 'sessions', 'slots', 'schedule', 'settings', 'home-content'] as const;
export type PublicDataTag = (typeof PUBLIC_DATA_TAGS)[number];

interface CacheableRead {
  /** The data it shows: seats left come from bookings, so a booking change touches 'slots'. */
  tags: readonly PublicDataTag[];
  /**
   * The procedure's own input schema: the key holds the input as the procedure reads it, so extra
   * fields, spacing or defaults make no new entry; none for a procedure that takes no input (tRPC
   * ignores whatever is sent).
   */
  input: z.ZodType | null;
}

/** Public procedures whose answer is the same for every anonymous caller with the same input. */
export const CACHEABLE_PUBLIC_READS: ReadonlyMap<string, CacheableRead> = new Map<string, CacheableRead>([
  // An event's days are written in the site's zone (a setting).
  ['events.list', { tags: ['events', 'schedule', 'settings'], input: eventListInput }],
  ['events.page', { tags: ['events', 'sessions', 'slots', 'settings'], input: byIdInput }],
  ['sessions.listByEvent', { tags: ['events', 'sessions'], input: listByEventInput }],
  ['timeSlots.listBySession', { tags: ['sessions', 'slots'], input: listBySessionInput }],
  ['settings.public', { tags: ['settings'], input: null }],
  ['homePage.get', { tags: ['home-content'], input: null }],
  ['privacy.page', { tags: ['settings'], input: null }],
]);

/** The tags of the data a set of public procedures shows. */
export function tagsOfProcedures(procedures: readonly string[]): PublicDataTag[] {
  return [...new Set(procedures.flatMap((name) => CACHEABLE_PUBLIC_READS.get(name)?.tags ?? []))];
}

/** The input as procedure `name` reads it, written canonically; null when the procedure would refuse it. */
function canonicalInput(name: string, input: unknown): string | null {
  const read = CACHEABLE_PUBLIC_READS.get(name);
  if (read === undefined) return null;
  if (read.input === null) return '';
  const parsed = read.input.safeParse(input);
  return parsed.success ? canonicalJson(parsed.data) : null;
}

/** Seats left change with every booking: browsers revalidate those each time (a 304 is cheap). */
const ALWAYS_REVALIDATE = new Set(['timeSlots.listBySession', 'events.page']);

/** The default bound of the cache in bytes: a few hundred pages and thousands of answers. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

export interface PublicReadCacheOptions {
  /** How long an entry is kept at most: bounds staleness after writes made outside this process. */
  ttlMs?: number;
  /** The cache's bound in bytes (answers' bodies and kept values, as measured when kept). */
  maxBytes?: number;
  now?: () => number;
}

/** A kept API answer. */
interface Answer {
  kind: 'answer';
  body: string;
  etag: string;
  cacheControl: string;
}

/** A kept value of remember(). */
interface Remembered {
  kind: 'value';
  value: unknown;
  /** When its load began: a stale value is rebuilt at most once per MIN_REBUILD_MS. */
  builtAt: number;
  /** A change of seats left has happened since it was built: served while it is rebuilt. */
  stale: boolean;
}

/** A stale page is rebuilt at most this often, however many changes arrive meanwhile. */
export const MIN_REBUILD_MS = 1_000;

export interface InvalidateOptions {
  /** 'revalidate': kept values (pages) stay and are served stale while they are rebuilt; 'forget' (default): gone. */
  pages?: 'forget' | 'revalidate';
}

type Kept = (Answer | Remembered) & { tags: readonly PublicDataTag[]; size: number; expiresAt: number };

/** Sorted keys at every level, so inputs equal as data make one key. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Where a cacheable anonymous read is kept, and the data it shows; null for anything else. */
export interface PublicReadKey {
  key: string;
  procedures: string[];
  tags: PublicDataTag[];
}

export function publicReadKey(url: string, headers: FastifyRequest['headers']): PublicReadKey | null {
  const call = trpcCallOf(url);
  if (call === null || !call.procedures.every((name) => CACHEABLE_PUBLIC_READS.has(name))) return null;
  if (asksForJsonLines(headers)) return null;
  const rawInput = call.search.get('input');
  let input: unknown;
  try {
    input = rawInput === null ? undefined : (JSON.parse(rawInput) as unknown);
  } catch {
    return null; // tRPC answers the malformed input; nothing to keep
  }
  const inputs = call.batch
    ? call.procedures.map((_name, index) => (input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[index] : undefined))
    : [input];
  const calls: string[] = [];
  for (const [index, name] of call.procedures.entries()) {
    const canonical = canonicalInput(name, inputs[index]);
    // Input the procedure refuses is answered by tRPC (400) and never kept.
    if (canonical === null) return null;
    calls.push(`${name}:${canonical}`);
  }
  return { key: `api ${call.batch ? 'batch' : 'single'} ${calls.join(' ')}`, procedures: call.procedures, tags: tagsOfProcedures(call.procedures) };
}

/**
 * A caller with a session cookie, or with an API token (whose scopes decide what it may read), is
 * answered by tRPC, never from memory.
 */
function hasCredentials(req: FastifyRequest): boolean {
  const value = req.cookies[SESSION_COOKIE];
  return (value !== undefined && value !== '') || req.headers.authorization !== undefined;
}

/** The generation of each tag at one moment: a load started then is kept only if none has moved. */
type TagSnapshot = readonly number[];

export class PublicReadCache {
  private readonly entries: LRUCache<string, Kept>;
  /** Keys of the entries that carry each tag, so a change visits only its own entries. */
  private readonly keysByTag = new Map<PublicDataTag, Set<string>>(PUBLIC_DATA_TAGS.map((tag) => [tag, new Set()]));
  /** Raised by each change to a tag; an answer computed under an older generation is not kept. */
  private readonly generations = new Map<PublicDataTag, number>(PUBLIC_DATA_TAGS.map((tag) => [tag, 0]));
  /**
   * Raised by each change that forgets pages; a value computed under an older one is not kept. A
   * value overtaken only by changes that revalidate is kept, marked stale: it is newer than the one
   * it replaces.
   */
  private readonly forgetGenerations = new Map<PublicDataTag, number>(PUBLIC_DATA_TAGS.map((tag) => [tag, 0]));
  /** Loads under way, with the generations that forget they started under (shared until one moves). */
  private readonly loading = new Map<string, { value: Promise<unknown>; tags: readonly PublicDataTag[]; snapshot: TagSnapshot }>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  /**
   * Counted for /metrics (plain numbers on the request's path): answers and values served from
   * memory, and those computed afresh (nothing kept, or a change made the kept one stale).
   */
  readonly stats = { apiHits: 0, apiRebuilds: 0, valueHits: 0, valueRebuilds: 0 };

  constructor(options: PublicReadCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, Kept>({
      maxSize: options.maxBytes ?? DEFAULT_CACHE_BYTES,
      sizeCalculation: (kept) => Math.max(1, kept.size),
      dispose: (kept, key) => {
        for (const tag of kept.tags) this.keysByTag.get(tag)?.delete(key);
      },
    });
  }

  /**
   * Forgets every entry that shows data of these tags (with `pages: 'revalidate'`, pages are marked
   * stale instead). Services call it after their change commits.
   */
  invalidate(tags: readonly PublicDataTag[], options: InvalidateOptions = {}): void {
    this.forget(tags, options.pages ?? 'forget');
  }

  /** This instance's part of invalidate(); other instances are told separately (shared-invalidation.ts). */
  private forget(tags: readonly PublicDataTag[], pages: 'forget' | 'revalidate' = 'forget'): void {
    for (const tag of tags) {
      this.generations.set(tag, (this.generations.get(tag) ?? 0) + 1);
      if (pages === 'forget') this.forgetGenerations.set(tag, (this.forgetGenerations.get(tag) ?? 0) + 1);
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) {
        const kept = this.entries.peek(key);
        if (pages === 'revalidate' && kept?.kind === 'value') kept.stale = true;
        else this.entries.delete(key);
      }
    }
  }

  /** Forgets everything: "anything may have changed" (e.g. after missing other instances' news). */
  invalidateAll(): void {
    this.forget(PUBLIC_DATA_TAGS);
  }

  private snapshot(tags: readonly PublicDataTag[], generations = this.generations): TagSnapshot {
    return tags.map((tag) => generations.get(tag) ?? 0);
  }

  private unchangedSince(tags: readonly PublicDataTag[], snapshot: TagSnapshot, generations = this.generations): boolean {
    return tags.every((tag, index) => (generations.get(tag) ?? 0) === snapshot[index]);
  }

  private keep(key: string, kept: Kept): void {
    if (kept.size > (this.entries.maxSize || 0)) return;
    this.entries.set(key, kept);
    for (const tag of kept.tags) this.keysByTag.get(tag)?.add(key);
  }

  private fresh(key: string): Kept | undefined {
    const kept = this.entries.get(key);
    if (kept === undefined) return undefined;
    if (kept.expiresAt > this.now()) return kept;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * The kept value of `key`, or `load()`'s, kept until a change to one of `tags` or the
   * time-to-live. `sizeOf` measures it for the bound. A failed load is not kept, nor one that a
   * change to its tags overtook (it may predate the change). Loads of one key at once share one.
   */
  remember<T>(key: string, tags: readonly PublicDataTag[], load: () => Promise<T>, sizeOf: (value: T) => number): Promise<T> {
    const kept = this.fresh(key);
    if (kept?.kind === 'value') {
      this.stats.valueHits += 1;
      // Stale: served as it is; one rebuild at a time, and not again within MIN_REBUILD_MS.
      if (kept.stale && !this.loading.has(key) && this.now() - kept.builtAt >= MIN_REBUILD_MS) {
        kept.builtAt = this.now();
        this.stats.valueRebuilds += 1;
        this.load(key, tags, load, sizeOf).catch(() => undefined);
      }
      return Promise.resolve(kept.value as T);
    }
    // A load already under way is shared, unless a change that forgets has overtaken it since it
    // started (one that only changed seats leaves it as good as a stale page).
    const pending = this.loading.get(key);
    if (pending !== undefined && this.unchangedSince(pending.tags, pending.snapshot, this.forgetGenerations)) {
      this.stats.valueHits += 1;
      return pending.value as Promise<T>;
    }
    this.stats.valueRebuilds += 1;
    return this.load(key, tags, load, sizeOf);
  }

  /**
   * Runs `load` and keeps its value: fresh when nothing changed meanwhile, stale when only seats
   * changed (it is still newer than what was kept), not at all when a change forgot the tags.
   */
  private load<T>(key: string, tags: readonly PublicDataTag[], load: () => Promise<T>, sizeOf: (value: T) => number): Promise<T> {
    const builtAt = this.now();
    const snapshot = this.snapshot(tags);
    const forgetSnapshot = this.snapshot(tags, this.forgetGenerations);
    const value = load().then((loaded) => {
      if (this.unchangedSince(tags, forgetSnapshot, this.forgetGenerations)) {
        const stale = !this.unchangedSince(tags, snapshot);
        this.keep(key, { kind: 'value', value: loaded, builtAt, stale, tags, size: sizeOf(loaded) + key.length, expiresAt: this.now() + this.ttlMs });
      }
      return loaded;
    });
    this.loading.set(key, { value, tags, snapshot: forgetSnapshot });
    const settled = () => {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    };
    value.then(settled, settled);
    return value;
  }

  /** Kept API answers and values, and their bytes. */
  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** Kept answers' keys: for tests. */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  currentSnapshot(tags: readonly PublicDataTag[]): TagSnapshot {
    return this.snapshot(tags);
  }

  lookup(key: string): Answer | undefined {
    const kept = this.fresh(key);
    if (kept?.kind !== 'answer') {
      this.stats.apiRebuilds += 1;
      return undefined;
    }
    this.stats.apiHits += 1;
    return kept;
  }

  store(read: PublicReadKey, body: string, snapshot: TagSnapshot): Answer | undefined {
    if (!this.unchangedSince(read.tags, snapshot)) return undefined;
    const answer: Answer = {
      kind: 'answer',
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: read.procedures.some((name) => ALWAYS_REVALIDATE.has(name))
        ? 'public, no-cache'
        : 'public, max-age=5, must-revalidate',
    };
    this.keep(read.key, { ...answer, tags: read.tags, size: Buffer.byteLength(body) + read.key.length, expiresAt: this.now() + this.ttlMs });
    return answer;
  }
}

function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.header('etag', answer.etag).header('cache-control', answer.cacheControl);
  if (req.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.code(200).type('application/json').send(answer.body);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a cacheable public read that missed: where to keep it, and the tags' generations it started under. */
    publicRead?: { read: PublicReadKey; snapshot: TagSnapshot };
  }
}

/** Hooks that answer cached public reads before tRPC runs and keep fresh answers. */
export function registerPublicReadCache(app: FastifyInstance, cache: PublicReadCache): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || hasCredentials(req)) return;
    const read = publicReadKey(req.url, req.headers);
    if (read === null) return;
    const answer = cache.lookup(read.key);
    if (answer !== undefined) return sendAnswer(req, reply, answer);
    req.publicRead = { read, snapshot: cache.currentSnapshot(read.tags) };
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const pending = req.publicRead;
    // tRPC's answers are text (server/http/trpc-route.ts).
    if (pending === undefined || typeof payload !== 'string' || reply.statusCode !== 200) return payload;
    const answer = cache.store(pending.read, payload, pending.snapshot);
    if (answer === undefined) return payload;
    reply.header('etag', answer.etag).header('cache-control', answer.cacheControl);
    if (req.headers['if-none-match'] === answer.etag) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
