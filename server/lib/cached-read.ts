/**
 * A read that is served from memory for `ttlMs`, then refreshed in the background while the
 * old value is still served (stale-while-revalidate), so no visitor waits for the refresh.
 * Concurrent first reads share one load. invalidate() drops the value at once, for writers in
 * this process; other processes see a change within ttlMs.
 */
export interface CachedRead<T> {
  (): Promise<T>;
  invalidate(): void;
}

export function cachedRead<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now): CachedRead<T> {
  let value: { data: T; loadedAt: number } | undefined;
  let pending: Promise<T> | undefined;
  let generation = 0;

  const refresh = () => {
    if (pending) return pending;
    const started = generation;
    const loading: Promise<T> = load()
      .then((data) => {
        // A load that began before an invalidate() must not put old data back.
        if (started === generation) value = { data, loadedAt: now() };
        return data;
      })
      .finally(() => {
        // Only this load's own slot: a newer load started after an invalidate() stays shared.
        if (pending === loading) pending = undefined;
      });
    pending = loading;
    return loading;
  };

  const read = (() => {
    if (!value) return refresh();
    if (now() - value.loadedAt >= ttlMs) refresh().catch(() => {});
    return Promise.resolve(value.data);
  }) as CachedRead<T>;
  read.invalidate = () => {
    generation++;
    value = undefined;
    pending = undefined;
  };
  return read;
}
