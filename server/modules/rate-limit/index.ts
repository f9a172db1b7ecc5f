import { createMemoryStore } from "./memory-store.ts";
import { createRedisStore } from "./redis-store.ts";
import type { RateLimitStore } from "./store.ts";

export type { RateLimitStore, WindowState } from "./store.ts";
export { rateLimit, type RateLimitRule, type RateLimiter, type Verdict } from "./limiter.ts";

/**
 * The store for this process: Redis when REDIS_URL is set, so every process counts together;
 * otherwise memory, which is right for a single process.
 */
export { addressKey, type Visitor } from "./address-key.ts";
export { mailboxKey } from "./mailbox-key.ts";

export function createRateLimitStore(options: { redisUrl?: string; onError?: (error: unknown) => void }): RateLimitStore {
  return options.redisUrl ? createRedisStore({ url: options.redisUrl, onError: options.onError }) : createMemoryStore();
}
