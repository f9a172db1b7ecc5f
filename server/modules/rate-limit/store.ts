/** What a store knows about one key's recent events. */
export interface WindowState {
  /** Events in the last windowMs, including one just recorded. */
  count: number;
  /** Milliseconds until the oldest counted event leaves the window; 0 when count is 0. */
  resetInMs: number;
}

/**
 * A sliding-window log: each event is kept with its time, and a key's count is the events of the
 * last `windowMs`. Unlike fixed windows, a burst across a window boundary cannot double the limit.
 */
export interface RateLimitStore {
  /** Adds `events` events (one by default) for `key` now, and says what the window then holds. */
  record(key: string, windowMs: number, events?: number): Promise<WindowState>;
  /** What the window holds now, without adding an event. */
  peek(key: string, windowMs: number): Promise<WindowState>;
  /** Forgets every event of `key` (after a successful sign-in, say). */
  clear(key: string): Promise<void>;
  /**
   * Takes back the newest event of `key`: an attempt counted before it was tried (so parallel
   * attempts cannot all slip past the limit) that turned out to be a success.
   */
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The most events kept per key: a client hammering one key cannot grow its log without end. The
 * oldest go first, so a count stops at this number; limits must stay below it.
 */
export const MAX_EVENTS_PER_KEY = 10_000;
