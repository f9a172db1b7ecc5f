import { expect, test } from "vitest";
import { createLookupCache } from "./lookup-cache.ts";

function clock() {
  let time = 1_000_000;
  return { now: () => time, pass: (ms: number) => (time += ms) };
}

test("a value is kept for its own time, then asked for again", async () => {
  const time = clock();
  const cache = createLookupCache<string>({ maxEntries: 10, now: time.now });
  let loads = 0;
  const load = async () => `value ${++loads}`;
  const ttl = (value: string) => (value === "value 1" ? 1000 : 50);
  expect(await cache.get("a", load, ttl)).toBe("value 1");
  time.pass(999);
  expect(await cache.get("a", load, ttl)).toBe("value 1");
  time.pass(1);
  expect(await cache.get("a", load, ttl)).toBe("value 2");
  time.pass(50);
  expect(await cache.get("a", load, ttl)).toBe("value 3");
});

test("lookups of one key while its request is under way share that request", async () => {
  const cache = createLookupCache<number>({ maxEntries: 10 });
  let loads = 0;
  let finish!: (value: number) => void;
  const load = () => {
    loads += 1;
    return new Promise<number>((resolve) => (finish = resolve));
  };
  const first = cache.get("a", load, () => 1000);
  const second = cache.get("a", load, () => 1000);
  await Promise.resolve();
  finish(7);
  expect(await Promise.all([first, second])).toEqual([7, 7]);
  expect(loads).toBe(1);
});

test("a load that throws keeps nothing: the next lookup asks again", async () => {
  const cache = createLookupCache<number>({ maxEntries: 10 });
  await expect(
    cache.get(
      "a",
      () => Promise.reject(new Error("limited")),
      () => 1000,
    ),
  ).rejects.toThrow("limited");
  expect(
    await cache.get(
      "a",
      async () => 3,
      () => 1000,
    ),
  ).toBe(3);
});

test("past its size the least recently used value goes first", async () => {
  const cache = createLookupCache<string>({ maxEntries: 2 });
  const ttl = () => 60_000;
  await cache.get("a", async () => "a1", ttl);
  await cache.get("b", async () => "b1", ttl);
  // "a" is used again, so "b" is now the oldest.
  await cache.get("a", async () => "a2", ttl);
  await cache.get("c", async () => "c1", ttl);
  expect(cache.size).toBe(2);
  expect(await cache.get("a", async () => "a3", ttl)).toBe("a1");
  expect(await cache.get("b", async () => "b2", ttl)).toBe("b2");
});

test("a caller's own check (its rate limit) fails that caller alone, never the others looking up the same key", async () => {
  const cache = createLookupCache<number>({ maxEntries: 10 });
  let loads = 0;
  const load = async () => ++loads;
  const limited = async () => {
    throw new Error("limited");
  };
  const checks: string[] = [];
  const allowed = (who: string) => async () => void checks.push(who);
  // The limited caller comes first; the others arrive while its check is still running.
  const first = cache.get("a", load, () => 1000, { beforeStart: limited });
  const second = cache.get("a", load, () => 1000, { beforeStart: allowed("second") });
  const third = cache.get("a", load, () => 1000, { beforeStart: allowed("third") });
  await expect(first).rejects.toThrow("limited");
  expect(await Promise.all([second, third])).toEqual([1, 1]);
  expect(loads).toBe(1);
  // The value is kept: a limited caller now gets it, and is not checked.
  expect(await cache.get("a", load, () => 1000, { beforeStart: limited })).toBe(1);
  expect(checks).toEqual(["second", "third"]);
});

test("a caller that joins a request under way is not checked; one that would start a request is", async () => {
  const cache = createLookupCache<number>({ maxEntries: 10 });
  let finish!: (value: number) => void;
  const load = () => new Promise<number>((resolve) => (finish = resolve));
  let checks = 0;
  const counted = async () => void checks++;
  const first = cache.get("a", load, () => 0, { beforeStart: counted });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(checks).toBe(1);
  // Under way now: a limited caller joins it and shares its answer.
  const joined = cache.get("a", load, () => 0, {
    beforeStart: async () => {
      throw new Error("limited");
    },
  });
  finish(5);
  expect(await Promise.all([first, joined])).toEqual([5, 5]);
  // Nothing kept (ttl 0): the next caller would start a request, so its check counts and may refuse.
  await expect(
    cache.get("a", load, () => 0, {
      beforeStart: async () => {
        throw new Error("limited");
      },
    }),
  ).rejects.toThrow("limited");
});
