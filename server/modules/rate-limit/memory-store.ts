import { MAX_EVENTS_PER_KEY, type RateLimitStore, type WindowState } from "./store.ts";

/** The most keys kept: beyond it one goes (see evict), so a flood of ids cannot exhaust memory. */
export const MAX_MEMORY_KEYS = 100_000;

/** How many of the least recently used keys eviction looks at for the one with the fewest events. */
const EVICTION_CANDIDATES = 64;

export interface MemoryStoreOptions {
  maxKeys?: number;
  /** Milliseconds on a clock that never goes back; tests pass their own. */
  now?: () => number;
}

/**
 * The rate-limit log of one process: used when there is no Redis, and by the Redis store while
 * Redis cannot be reached. Old events are pruned when their key is touched, and idle keys fall off
 * the end of the LRU order, so no periodic sweep is needed.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): RateLimitStore {
  const maxKeys = options.maxKeys ?? MAX_MEMORY_KEYS;
  // performance.now, not Date.now: a wall clock set back would keep events in the window too long.
  const now = options.now ?? (() => performance.now());
  /** Event times per key, oldest first; the Map's order is the LRU order, least recent first. */
  const logs = new Map<string, number[]>();

  /** The key's events still in the window, marked as just used; undefined (and forgotten) when none are. */
  function live(key: string, windowMs: number, at: number): number[] | undefined {
    const log = logs.get(key);
    if (!log) return undefined;
    logs.delete(key);
    const firstLive = log.findIndex((time) => at - time < windowMs);
    if (firstLive === -1) return undefined;
    log.splice(0, firstLive);
    logs.set(key, log);
    return log;
  }

  /**
   * Makes room: of the least recently used keys, the one with the fewest events goes (the oldest
   * among equals), never `keep`. A flood of new ids (one event each) evicts its own ids, not an
   * account's count of failed logins, which an attacker would otherwise flush out of memory to
   * guess again.
   */
  function evict(keep: string) {
    let victim: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    let seen = 0;
    for (const [key, log] of logs) {
      if (key === keep) continue;
      if (log.length < fewest) [victim, fewest] = [key, log.length];
      if (++seen >= EVICTION_CANDIDATES || fewest <= 1) break;
    }
    logs.delete(victim ?? keep);
  }

  function stateOf(log: number[] | undefined, windowMs: number, at: number): WindowState {
    if (!log || log.length === 0) return { count: 0, resetInMs: 0 };
    // The time left of the oldest event's window, from its age: `log[0] + windowMs - at` rounds
    // (a performance.now time is a fraction), so an event just recorded could say windowMs + 1.
    return { count: log.length, resetInMs: Math.ceil(windowMs - (at - log[0]!)) };
  }

  return {
    async record(key, windowMs, events = 1) {
      const at = now();
      let log = live(key, windowMs, at);
      if (!log) {
        log = [];
        logs.set(key, log);
        while (logs.size > maxKeys) evict(key);
      }
      for (let i = 0; i < events; i++) log.push(at);
      if (log.length > MAX_EVENTS_PER_KEY) log.splice(0, log.length - MAX_EVENTS_PER_KEY);
      return stateOf(log, windowMs, at);
    },

    async peek(key, windowMs) {
      const at = now();
      return stateOf(live(key, windowMs, at), windowMs, at);
    },

    async clear(key) {
      logs.delete(key);
    },

    async release(key) {
      logs.get(key)?.pop();
    },

    async close() {
      logs.clear();
    },
  };
}
