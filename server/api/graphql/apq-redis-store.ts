import { createInMemoryAPQStore, type APQStore } from "@graphql-yoga/plugin-apq";
import { Redis } from "ioredis";
import { reportAtMostEveryMinute } from "../../lib/report-throttle.ts";

/*
 * Persisted queries (ADR 15) shared by every process with REDIS_URL: a query a client registered
 * on one process runs by its hash on any other. The plugin stores a query only after checking that
 * it hashes to its key, so what is kept here is never a stranger's text under a known hash.
 * Entries expire an hour after they were last registered (clients register again when told a
 * hash is unknown), which bounds what anyone can leave there. When Redis fails, this process's memory keeps serving (a client whose hash is unknown there
 * sends the full query again, as the protocol has it).
 */

export interface RedisAPQStoreOptions {
  url: string;
  onError?: (error: unknown) => void;
  /** Put before every key; tests give each run its own. */
  keyPrefix?: string;
  /** How long a query is kept after it was last registered. */
  ttlMs: number;
  /** The most queries the memory fallback keeps. */
  maxInMemory: number;
}

const REDIS_TTL_MS = 60 * 60 * 1000;

export function createRedisAPQStore(options: RedisAPQStoreOptions): APQStore & { close(): Promise<void> } {
  const prefix = options.keyPrefix ?? "shop:apq:";
  const memory = createInMemoryAPQStore({ max: options.maxInMemory, ttl: options.ttlMs });
  // A query should never wait long on Redis: fail fast, and the memory answers.
  const redis = new Redis(options.url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000 });
  const report = reportAtMostEveryMinute(options.onError);
  redis.on("error", report);
  return {
    async get(hash) {
      const here = await memory.get(hash);
      if (here) return here;
      try {
        const query = await redis.get(prefix + hash);
        if (query) await memory.set(hash, query);
        return query;
      } catch (error) {
        report(error);
        return null;
      }
    },
    async set(hash, query) {
      await memory.set(hash, query);
      try {
        await redis.set(prefix + hash, query, "PX", Math.min(options.ttlMs, REDIS_TTL_MS));
      } catch (error) {
        report(error);
      }
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
