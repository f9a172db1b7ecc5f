import { expect, test } from "vitest";
import { cachedRead } from "./cached-read.ts";

function counter() {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
}

test("serves from memory within the time to live, sharing one load between concurrent readers", async () => {
  const source = counter();
  let now = 0;
  const read = cachedRead(source.load, 1000, () => now);
  expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
  now = 999;
  expect(await read()).toBe(1);
  expect(source.loads()).toBe(1);
});

test("after the time to live it serves the old value once and refreshes in the background", async () => {
  const source = counter();
  let now = 0;
  const read = cachedRead(source.load, 1000, () => now);
  await read();
  now = 1000;
  expect(await read()).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(await read()).toBe(2);
});

test("invalidate drops the value at once", async () => {
  const source = counter();
  const read = cachedRead(source.load, 60_000);
  await read();
  read.invalidate();
  expect(await read()).toBe(2);
});

test("a failed load is not cached", async () => {
  let fail = true;
  const read = cachedRead(async () => {
    if (fail) throw new Error("database down");
    return "menu";
  }, 1000);
  await expect(read()).rejects.toThrow("database down");
  fail = false;
  expect(await read()).toBe("menu");
});

test("an invalidate() during a load starts one new load that every later reader shares", async () => {
  let loads = 0;
  const gates: (() => void)[] = [];
  const read = cachedRead(
    () =>
      new Promise<number>((resolve) => {
        const n = ++loads;
        gates.push(() => resolve(n));
      }),
    60_000,
  );
  const first = read();
  read.invalidate();
  const second = read();
  gates[0]!();
  await first;
  const third = read();
  gates[1]!();
  expect(await second).toBe(2);
  expect(await third).toBe(2);
  expect(loads).toBe(2);
});
