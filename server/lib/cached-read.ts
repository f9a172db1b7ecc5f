/**
 * A read that is served from memory for `ttlMs`, then refreshed in the background while the
 * old value is still served (stale-while-revalidate), so no visitor waits for the refresh.
 * Concurrent first reads share one load. invalidate() drops the value at once, for writers in
 * this process; other processes see a change within ttlMs.
 *
 * With `stillCurrent`, a value older than ttlMs is first asked whether it is still current (say,
 * by comparing the revision it was loaded at with the database's): yes keeps it for another
 * ttlMs, no reloads it in the background. For a value that is costly to load and cheap to check.
 * A failed check or reload keeps the old value and tries again ttlMs later.
 */
export interface CachedRead<T> {
  (): Promise<T>;
  invalidate(): void;
}

export interface CachedReadOptions<T> {
  now?: () => number;
  /** Resolves whether `value` may be served for another ttlMs without loading it again. */
  stillCurrent?: (value: T) => Promise<boolean>;
}

export function cachedRead<T>(load: () => Promise<T>, ttlMs: number, options: CachedReadOptions<T> = {}): CachedRead<T> {
  const { now = Date.now, stillCurrent } = options;
  // checkedAt: when the value was loaded or last found current, or a check of it last began.
  let value: { data: T; checkedAt: number } | undefined;
  let pending: Promise<T> | undefined;
  let generation = 0;

  const refresh = () => {
    if (pending) return pending;
    const started = generation;
    const loading: Promise<T> = load()
      .then((data) => {
        // A load that began before an invalidate() must not put old data back.
        if (started === generation) value = { data, checkedAt: now() };
        return data;
      })
      .finally(() => {
        // Only this load's own slot: a newer load started after an invalidate() stays shared.
        if (pending === loading) pending = undefined;
      });
    pending = loading;
    return loading;
  };

  const check = (stale: NonNullable<typeof value>, isCurrent: (data: T) => Promise<boolean>) => {
    // Stamped before it runs: readers meanwhile start no second check, and a check or reload
    // that fails is tried again one ttlMs later, not on every read.
    stale.checkedAt = now();
    isCurrent(stale.data)
      .then((current) => {
        // Only for the value that was checked: an invalidate() may have dropped it meanwhile.
        if (!current && value === stale) refresh().catch(() => {});
      })
      .catch(() => {});
  };

  const read = (() => {
    if (!value) return refresh();
    if (now() - value.checkedAt >= ttlMs && !pending) {
      if (stillCurrent) check(value, stillCurrent);
      else {
        // Stamped for the same reason as a check: a reload that fails is tried again one ttlMs later.
        value.checkedAt = now();
        refresh().catch(() => {});
      }
    }
    return Promise.resolve(value.data);
  }) as CachedRead<T>;
  read.invalidate = () => {
    generation++;
    value = undefined;
    pending = undefined;
  };
  return read;
}
