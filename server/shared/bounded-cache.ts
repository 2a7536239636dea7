// A Map that keeps at most `max` entries, dropping the one used longest ago: for caches whose keys
// a caller chooses (a time zone, a locale), which must not grow with what a caller sends. Written
// here rather than taken from lru-cache because the browser runs it too, and the public pages'
// script budget has no room for a 6 kB library doing the same.

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value kept for `key`, else the one `make` returns, kept (the least recently used goes when full). */
  getOrMake(key: K, make: () => V): V {
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      // A Map iterates in insertion order: moving a used key to the end keeps the oldest first.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const made = make();
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, made);
    return made;
  }
}
