import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { createMemoryStore } from "./memory-store.ts";
import { createRedisStore } from "./redis-store.ts";
import type { RateLimitStore } from "./store.ts";

// One contract, every store: memory always, Redis too when TEST_REDIS_URL names one (.ci/run sets
// it when Redis answers). Real waiting with short windows, since Redis keeps its own clock.
const redisUrl = process.env.TEST_REDIS_URL;
const keyPrefix = `shop:rate:test:${randomUUID()}:`;
const opened: RateLimitStore[] = [];
const unexpectedErrors: unknown[] = [];

function open(make: () => RateLimitStore): RateLimitStore {
  const store = make();
  opened.push(store);
  return store;
}

const stores: Array<{ kind: string; make: () => RateLimitStore }> = [
  { kind: "memory", make: () => createMemoryStore() },
  ...(redisUrl
    ? [
        {
          kind: "redis",
          make: () => createRedisStore({ url: redisUrl, keyPrefix, onError: (error) => unexpectedErrors.push(error) }),
        },
      ]
    : []),
];

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  if (!redisUrl) return;
  const redis = new Redis(redisUrl);
  const leftovers = await redis.keys(`${keyPrefix}*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await redis.quit();
});

/** A key no other test uses. */
const fresh = () => `key-${randomUUID()}`;

describe.each(stores)("the $kind rate-limit store", ({ make }) => {
  test("counts the events within the window, and peeking adds none", async () => {
    const store = open(make);
    const key = fresh();
    expect(await store.peek(key, 10_000)).toEqual({ count: 0, resetInMs: 0 });
    expect((await store.record(key, 10_000)).count).toBe(1);
    expect((await store.record(key, 10_000)).count).toBe(2);
    expect((await store.record(key, 10_000)).count).toBe(3);
    expect((await store.peek(key, 10_000)).count).toBe(3);
    expect((await store.peek(key, 10_000)).count).toBe(3);
    expect((await store.peek(fresh(), 10_000)).count).toBe(0);
  });

  test("one call may record several events at once (a costly request spends more of a budget)", async () => {
    const store = open(make);
    const key = fresh();
    expect((await store.record(key, 10_000, 7)).count).toBe(7);
    expect((await store.record(key, 10_000)).count).toBe(8);
    expect((await store.record(key, 10_000, 3)).count).toBe(11);
    expect((await store.peek(key, 10_000)).count).toBe(11);
  });

  test("events leave the window one by one as they age", async () => {
    const store = open(make);
    const key = fresh();
    // Wide margins: a slow machine may oversleep by a few hundred ms without failing the test.
    await store.record(key, 1_000);
    await sleep(500);
    expect((await store.record(key, 1_000)).count).toBe(2);
    await sleep(600);
    const later = await store.peek(key, 1_000);
    expect(later.count).toBe(1);
    expect(later.resetInMs).toBeGreaterThan(0);
    // At most 400 ms left of the second event's second: a timer may fire a few ms early (Node
    // rounds its timers, and Redis keeps its own clock), so a little slack.
    expect(later.resetInMs).toBeLessThanOrEqual(410);
    await sleep(later.resetInMs + 50);
    expect(await store.peek(key, 1_000)).toEqual({ count: 0, resetInMs: 0 });
  });

  test("resetInMs is the time until the oldest counted event leaves", async () => {
    const store = open(make);
    const key = fresh();
    const first = await store.record(key, 10_000);
    expect(first.resetInMs).toBeGreaterThan(9_900);
    expect(first.resetInMs).toBeLessThanOrEqual(10_000);
    await sleep(150);
    // A newer event does not move the reset: the oldest still decides it.
    const second = await store.record(key, 10_000);
    expect(second.resetInMs).toBeLessThanOrEqual(9_860);
    expect(second.resetInMs).toBeGreaterThan(9_500);
    const peeked = await store.peek(key, 10_000);
    expect(peeked.resetInMs).toBeLessThanOrEqual(second.resetInMs);
    expect(peeked.resetInMs).toBeGreaterThan(9_400);
  });

  test("clear forgets one key's events and leaves the others", async () => {
    const store = open(make);
    const [cleared, kept] = [fresh(), fresh()];
    await store.record(cleared, 10_000);
    await store.record(cleared, 10_000);
    await store.record(kept, 10_000);
    await store.clear(cleared);
    expect(await store.peek(cleared, 10_000)).toEqual({ count: 0, resetInMs: 0 });
    expect((await store.peek(kept, 10_000)).count).toBe(1);
    expect((await store.record(cleared, 10_000)).count).toBe(1);
  });

  test("release takes back the newest event only", async () => {
    const store = open(make);
    const key = fresh();
    await store.record(key, 10_000);
    await store.record(key, 10_000);
    await store.release(key);
    expect((await store.peek(key, 10_000)).count).toBe(1);
    await store.release(key);
    await store.release(key);
    expect((await store.peek(key, 10_000)).count).toBe(0);
  });

  test("simultaneous records are each counted once", async () => {
    const store = open(make);
    const key = fresh();
    const states = await Promise.all(Array.from({ length: 20 }, () => store.record(key, 10_000)));
    expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await store.peek(key, 10_000)).count).toBe(20);
  });
});

if (redisUrl) {
  describe("two Redis stores on one server", () => {
    test("share their counts, as two shop processes would", async () => {
      const [one, two] = [open(stores[1]!.make), open(stores[1]!.make)];
      const key = fresh();
      await one.record(key, 10_000);
      await two.record(key, 10_000);
      expect((await one.record(key, 10_000)).count).toBe(3);
      expect((await two.peek(key, 10_000)).count).toBe(3);
      await two.clear(key);
      expect((await one.peek(key, 10_000)).count).toBe(0);
    });

    test("keep their events under the key prefix, expiring with the window", async () => {
      const store = open(stores[1]!.make);
      const key = fresh();
      await store.record(key, 5_000);
      const redis = new Redis(redisUrl);
      const ttl = await redis.pttl(keyPrefix + key);
      await redis.quit();
      expect(ttl).toBeGreaterThan(4_000);
      expect(ttl).toBeLessThanOrEqual(5_000);
    });

    test("reported no error while Redis answered", () => {
      expect(unexpectedErrors).toEqual([]);
    });
  });
}

describe("a Redis store whose server does not answer", () => {
  test("counts in memory instead, never throws, and reports the failure once", async () => {
    const errors: unknown[] = [];
    const store = open(() => createRedisStore({ url: "redis://127.0.0.1:1", keyPrefix, onError: (e) => errors.push(e) }));
    const key = fresh();
    expect((await store.record(key, 10_000)).count).toBe(1);
    expect((await store.record(key, 10_000)).count).toBe(2);
    expect((await store.peek(key, 10_000)).count).toBe(2);
    await store.clear(key);
    expect(await store.peek(key, 10_000)).toEqual({ count: 0, resetInMs: 0 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(Error);
    await store.close();
  });
});
