import { expect, test } from "vitest";
import { cachedByKey } from "./product-cache.ts";

function clock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

function counter() {
  const loads: string[] = [];
  return { loads, load: async (key: string) => (loads.push(key), `${key}#${loads.length}`) };
}

test("a key is loaded once and served from memory until it is ttl old, then loaded again before answering", async () => {
  const time = clock();
  const { loads, load } = counter();
  const read = cachedByKey(load, { ttlMs: 100, maxEntries: 10, now: time.now });
  expect(await read("grip")).toBe("grip#1");
  time.advance(99);
  expect(await read("grip")).toBe("grip#1");
  time.advance(1);
  // Never older than the ttl: the reader waits for the fresh value.
  expect(await read("grip")).toBe("grip#2");
  expect(await read("other")).toBe("other#3");
  expect(loads).toEqual(["grip", "grip", "other"]);
});

test("concurrent reads of a key share one load", async () => {
  const { loads, load } = counter();
  const read = cachedByKey(load, { ttlMs: 100, maxEntries: 10 });
  const values = await Promise.all([read("grip"), read("grip"), read("grip")]);
  expect(values).toEqual(["grip#1", "grip#1", "grip#1"]);
  expect(loads).toHaveLength(1);
});

test("a failed load is not kept", async () => {
  let fail = true;
  const read = cachedByKey(
    async (key) => {
      if (fail) throw new Error("database down");
      return key;
    },
    { ttlMs: 1000, maxEntries: 10 },
  );
  await expect(read("grip")).rejects.toThrow("database down");
  fail = false;
  expect(await read("grip")).toBe("grip");
});

test("beyond maxEntries the least recently used key goes", async () => {
  const { loads, load } = counter();
  const read = cachedByKey(load, { ttlMs: 1000, maxEntries: 2 });
  await read("a");
  await read("b");
  await read("a"); // a is now the most recently used
  await read("c"); // b goes
  expect(read.size).toBe(2);
  await read("a");
  await read("b");
  expect(loads).toEqual(["a", "b", "c", "b"]);
});

test("invalidate() drops every key, and a load begun before it does not come back", async () => {
  const { loads, load } = counter();
  const read = cachedByKey(load, { ttlMs: 1000, maxEntries: 10 });
  await read("a");
  const before = read("b");
  read.invalidate();
  expect(read.size).toBe(0);
  await before;
  expect(await read("a")).toBe("a#3");
  expect(await read("b")).toBe("b#4");
  expect(loads).toEqual(["a", "b", "a", "b"]);
});
