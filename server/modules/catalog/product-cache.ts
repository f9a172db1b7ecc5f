/*
 * A short in-memory cache of one read per key (a product page's product by slug), for pages that
 * are read far more often than they change. Unlike cachedRead (stale-while-revalidate), a value
 * older than ttlMs is never served: the next reader waits for a fresh one, so what a shopper
 * sees is at most ttlMs old however rarely the page is visited. Concurrent reads of a key share
 * one load; failures are not kept; the least recently used keys go first beyond maxEntries.
 * See docs/decisions/0019-product-page-data-and-option-select.md.
 */

export interface KeyedCache<T> {
  (key: string): Promise<T>;
  /** Drops every kept value (writers call it through catalog.invalidate()). */
  invalidate(): void;
  /** How many keys are kept now. */
  readonly size: number;
}

interface Entry<T> {
  value: Promise<T>;
  /** When the load began: the value is at least as new as that. */
  startedAt: number;
}

export function cachedByKey<T>(
  load: (key: string) => Promise<T>,
  options: { ttlMs: number; maxEntries: number; now?: () => number },
): KeyedCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();

  const read = ((key: string) => {
    const kept = entries.get(key);
    if (kept && now() - kept.startedAt < options.ttlMs) {
      // Map keeps insertion order: moving a hit to the end makes the first key the least recently used.
      entries.delete(key);
      entries.set(key, kept);
      return kept.value;
    }
    const startedAt = now();
    const entry: Entry<T> = { value: load(key), startedAt };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry.value;
  }) as KeyedCache<T>;
  read.invalidate = () => entries.clear();
  Object.defineProperty(read, "size", { get: () => entries.size });
  return read;
}
