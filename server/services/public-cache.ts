// An in-memory cache for public reads that every visitor makes and that change rarely (the home
// page's content). A write in this process invalidates its key at once, so an edit is visible on the
// next read. One process serves the site, so there is nothing to coordinate across machines; a later
// change can give entries a time to live or share the cache between more reads.
export class PublicCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  /** The cached value of `key`, or `load()`'s, kept until invalidated. A failed load is not kept. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key) as Promise<T> | undefined;
    if (cached !== undefined) return cached;
    const pending = load();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  invalidate(key: string): void {
    this.entries.delete(key);
  }
}

/** One cache per database handle: tests open many databases in one process. */
const caches = new WeakMap<object, PublicCache>();

export function publicCacheFor(db: object): PublicCache {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new PublicCache();
    caches.set(db, cache);
  }
  return cache;
}
