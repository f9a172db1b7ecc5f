/*
 * Remembered oEmbed answers: a page of videos asks once per video, not once per visitor. Bounded
 * in entries (least recently used go first), each kept for its own time (an answer for a day, a
 * failure for minutes, so a video made embeddable or a provider back up is seen soon). Lookups of
 * one key while a request for it is under way wait for that request instead of making another.
 */

export interface LookupCacheOptions {
  /** The most entries kept. */
  maxEntries: number;
  now?: () => number;
}

export interface LookupGetOptions {
  /**
   * Called only when this lookup would start a new request (nothing kept, nothing under way), and
   * before it does; a throw fails this lookup alone and starts nothing (the caller's rate limit).
   * Lookups that join a request under way never call it, and never share its failure.
   */
  beforeStart?: () => Promise<void>;
}

export interface LookupCache<T> {
  /**
   * The value kept for `key`, or the value of the request under way for it, or a new request
   * (`load`) whose value is kept for `ttlOf(value)` milliseconds. A `load` that throws keeps nothing.
   */
  get(key: string, load: () => Promise<T>, ttlOf: (value: T) => number, options?: LookupGetOptions): Promise<T>;
  /** How many values are kept now (expired ones included until they are next looked at). */
  readonly size: number;
  clear(): void;
}

export function createLookupCache<T>(options: LookupCacheOptions): LookupCache<T> {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { value: T; expiresAt: number }>();
  const pending = new Map<string, Promise<T>>();

  function fresh(key: string): { value: T } | null {
    const entry = kept.get(key);
    if (!entry) return null;
    kept.delete(key);
    if (entry.expiresAt <= now()) return null;
    // Moved to the end: the most recently used.
    kept.set(key, entry);
    return entry;
  }

  function keep(key: string, value: T, ttlMs: number) {
    if (ttlMs <= 0) return;
    kept.delete(key);
    kept.set(key, { value, expiresAt: now() + ttlMs });
    while (kept.size > options.maxEntries) kept.delete(kept.keys().next().value!);
  }

  /** The kept value or the request under way for `key`, if either. */
  function existing(key: string): Promise<T> | null {
    const hit = fresh(key);
    if (hit) return Promise.resolve(hit.value);
    return pending.get(key) ?? null;
  }

  function start(key: string, load: () => Promise<T>, ttlOf: (value: T) => number): Promise<T> {
    // Started on the next tick, so it is registered as under way before it can end.
    const request = Promise.resolve()
      .then(load)
      .then((value) => {
        keep(key, value, ttlOf(value));
        return value;
      })
      .finally(() => pending.delete(key));
    pending.set(key, request);
    return request;
  }

  return {
    get(key, load, ttlOf, getOptions = {}) {
      const found = existing(key);
      if (found) return found;
      const { beforeStart } = getOptions;
      if (!beforeStart) return start(key, load, ttlOf);
      // The caller's own check, outside any shared request: its failure is this caller's alone.
      // Another caller may have started the request (or kept a value) meanwhile: join that.
      return Promise.resolve()
        .then(beforeStart)
        .then(() => existing(key) ?? start(key, load, ttlOf));
    },
    get size() {
      return kept.size;
    },
    clear() {
      kept.clear();
    },
  };
}
