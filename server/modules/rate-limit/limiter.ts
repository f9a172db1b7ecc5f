import { createHash } from "node:crypto";
import { MAX_EVENTS_PER_KEY, type RateLimitStore, type WindowState } from "./store.ts";

/** At most `limit` events per `windowMs` for each id; `name` keeps one rule's ids apart from another's. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

export interface Verdict {
  limited: boolean;
  /** Whole seconds to wait (the Retry-After header): 1 or more when limited, 0 otherwise. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Whether one more attempt would be refused, without counting one. */
  check(id: string): Promise<Verdict>;
  /**
   * Counts an attempt, refused ones included, so that hammering keeps a client out; `weight`
   * counts it as that many (a costly query spends more of a budget).
   */
  hit(id: string, weight?: number): Promise<Verdict>;
  /** Forgets the id's attempts. */
  reset(id: string): Promise<void>;
  /** Takes back the id's newest attempt (one counted by `hit` that succeeded). */
  release(id: string): Promise<void>;
}

/** Ids longer than this are stored by their hash, so a huge id cannot bloat the store. */
const MAX_ID_LENGTH = 200;

/**
 * One rule over a store. Callers pick and normalise ids (an address, a lower-cased e-mail);
 * typically `check` before an attempt, `hit` when it fails, `reset` when it succeeds.
 */
export function rateLimit(store: RateLimitStore, rule: RateLimitRule): RateLimiter {
  const { name, limit, windowMs } = rule;
  if (!Number.isInteger(limit) || limit < 1 || limit >= MAX_EVENTS_PER_KEY)
    throw new RangeError(`Rate limit "${name}": limit must be a whole number from 1 to ${MAX_EVENTS_PER_KEY - 1}.`);
  if (!Number.isInteger(windowMs) || windowMs < 1)
    throw new RangeError(`Rate limit "${name}": windowMs must be a whole number of milliseconds.`);

  const keyOf = (id: string) => `${name}:${id.length > MAX_ID_LENGTH ? createHash("sha256").update(id).digest("hex") : id}`;

  return {
    check: async (id) => verdict(await store.peek(keyOf(id), windowMs), (count) => count >= limit),
    hit: async (id, weight = 1) =>
      verdict(await store.record(keyOf(id), windowMs, Math.max(1, Math.floor(weight))), (count) => count > limit),
    reset: (id) => store.clear(keyOf(id)),
    release: (id) => store.release(keyOf(id)),
  };
}

function verdict(state: WindowState, over: (count: number) => boolean): Verdict {
  if (!over(state.count)) return { limited: false, retryAfterSeconds: 0 };
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(state.resetInMs / 1000)) };
}
