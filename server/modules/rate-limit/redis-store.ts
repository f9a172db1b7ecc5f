import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { reportAtMostEveryMinute } from "../../lib/report-throttle.ts";
import { createMemoryStore } from "./memory-store.ts";
import { PEEK_SCRIPT, RECORD_SCRIPT } from "./redis-scripts.ts";
import { MAX_EVENTS_PER_KEY, type RateLimitStore, type WindowState } from "./store.ts";

export interface RedisStoreOptions {
  url: string;
  /** Told when Redis fails, at most once a minute; the store carries on in memory meanwhile. */
  onError?: (error: unknown) => void;
  /** Put before every key; tests give each run its own. */
  keyPrefix?: string;
}

type Reply = [count: number, resetInMs: number];

/** The client with the store's scripts, which ioredis sends by SHA and re-sends when Redis lost them. */
interface ScriptedRedis extends Redis {
  rateRecord(key: string, windowMs: number, member: string, keep: number, events: number): Promise<Reply>;
  ratePeek(key: string, windowMs: number): Promise<Reply>;
}

/**
 * Rate limits shared by every process that uses the same Redis. A limiter must never take the shop
 * down with it: when Redis cannot answer quickly, the call is counted in this process's memory
 * instead (limits still hold per process) and the caller never sees an error.
 */
export function createRedisStore(options: RedisStoreOptions): RateLimitStore {
  const prefix = options.keyPrefix ?? "shop:rate:";
  const fallback = createMemoryStore();
  // Fail fast rather than queue: a sign-in should not wait on a Redis that is down.
  const redis = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  }) as ScriptedRedis;
  redis.defineCommand("rateRecord", { numberOfKeys: 1, lua: RECORD_SCRIPT });
  redis.defineCommand("ratePeek", { numberOfKeys: 1, lua: PEEK_SCRIPT });

  const report = reportAtMostEveryMinute(options.onError);
  // ioredis prints unhandled "error" events; reconnection failures land here instead.
  redis.on("error", report);

  // Without an offline queue a command sent before the connection is up fails, so the first call
  // waits for the first connection attempt; later ones, while ioredis reconnects, fail fast.
  let firstConnection: Promise<void> | undefined;
  function connected(): Promise<void> {
    firstConnection ??= redis.connect().catch(() => {});
    return firstConnection;
  }

  async function orInMemory(viaRedis: () => Promise<Reply>, inMemory: () => Promise<WindowState>): Promise<WindowState> {
    try {
      await connected();
      const [count, resetInMs] = await viaRedis();
      return { count, resetInMs };
    } catch (error) {
      report(error);
      return inMemory();
    }
  }

  return {
    record: (key, windowMs, events = 1) =>
      orInMemory(
        () => redis.rateRecord(prefix + key, windowMs, randomUUID(), MAX_EVENTS_PER_KEY, events),
        () => fallback.record(key, windowMs, events),
      ),

    peek: (key, windowMs) =>
      orInMemory(
        () => redis.ratePeek(prefix + key, windowMs),
        () => fallback.peek(key, windowMs),
      ),

    async clear(key) {
      // Both: events counted in memory during an outage are forgotten too.
      await fallback.clear(key);
      try {
        await connected();
        await redis.del(prefix + key);
      } catch (error) {
        report(error);
      }
    },

    async release(key) {
      await fallback.release(key);
      try {
        await connected();
        await redis.zpopmax(prefix + key, 1);
      } catch (error) {
        report(error);
      }
    },

    async close() {
      await fallback.close();
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
