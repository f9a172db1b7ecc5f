import { expect, test } from "vitest";
import { cachedRead } from "./cached-read.ts";

function counter() {
  let loads = 0;
  return { load: async () => ++loads, loads: () => loads };
}

test("serves from memory within the time to live, sharing one load between concurrent readers", async () => {
  const source = counter();
  let now = 0;
  const read = cachedRead(source.load, 1000, { now: () => now });
  expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
  now = 999;
  expect(await read()).toBe(1);
  expect(source.loads()).toBe(1);
});

test("after the time to live it serves the old value once and refreshes in the background", async () => {
  const source = counter();
  let now = 0;
  const read = cachedRead(source.load, 1000, { now: () => now });
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

test("a background refresh that fails keeps the old value and is tried again one time to live later, not on every read", async () => {
  let loads = 0;
  let databaseDown = false;
  let now = 0;
  const read = cachedRead(
    async () => {
      loads++;
      if (databaseDown) throw new Error("database down");
      return loads;
    },
    1000,
    { now: () => now },
  );
  expect(await read()).toBe(1);
  databaseDown = true;
  now = 1000;
  for (let i = 0; i < 3; i++) {
    expect(await read()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(loads).toBe(2);
  databaseDown = false;
  now = 2000;
  expect(await read()).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(await read()).toBe(3);
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

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A source whose loads wait until released, with a revision the probe compares against. */
function revisedSource() {
  let revision = 1;
  let loads = 0;
  const waiting: (() => void)[] = [];
  return {
    load: () =>
      new Promise<{ revision: number; load: number }>((resolve) => {
        const loaded = { revision, load: ++loads };
        waiting.push(() => resolve(loaded));
      }),
    release: () => waiting.splice(0).forEach((resolve) => resolve()),
    change: () => revision++,
    revision: () => revision,
    loads: () => loads,
  };
}

test("with a still-current probe, an unchanged value is kept for another time to live without loading", async () => {
  const source = revisedSource();
  let probes = 0;
  let now = 0;
  const read = cachedRead(source.load, 1000, {
    now: () => now,
    stillCurrent: async (value) => (probes++, value.revision === source.revision()),
  });
  const first = read();
  source.release();
  const loaded = await first;
  now = 1000;
  expect(await read()).toBe(loaded);
  await settle();
  now = 1999;
  expect(await read()).toBe(loaded);
  await settle();
  expect(probes).toBe(1);
  expect(source.loads()).toBe(1);
  now = 2000;
  expect(await read()).toBe(loaded);
  await settle();
  expect(probes).toBe(2);
  expect(source.loads()).toBe(1);
});

test("with a still-current probe, a changed value is reloaded in the background while the old one is served", async () => {
  const source = revisedSource();
  let now = 0;
  const read = cachedRead(source.load, 1000, {
    now: () => now,
    stillCurrent: async (value) => value.revision === source.revision(),
  });
  const first = read();
  source.release();
  expect(await first).toEqual({ revision: 1, load: 1 });
  source.change();
  now = 1000;
  expect(await read()).toEqual({ revision: 1, load: 1 });
  await settle();
  expect(source.loads()).toBe(2);
  // The reload has not finished: the old value is still served, and no second load starts.
  expect(await read()).toEqual({ revision: 1, load: 1 });
  now = 5000;
  expect(await read()).toEqual({ revision: 1, load: 1 });
  expect(source.loads()).toBe(2);
  source.release();
  await settle();
  expect(await read()).toEqual({ revision: 2, load: 2 });
});

test("a failed probe keeps the old value and is tried again one time to live later, not on every read", async () => {
  let loads = 0;
  let probes = 0;
  let databaseDown = true;
  let now = 0;
  const read = cachedRead(async () => ++loads, 1000, {
    now: () => now,
    stillCurrent: async () => {
      probes++;
      if (databaseDown) throw new Error("database down");
      return false;
    },
  });
  expect(await read()).toBe(1);
  now = 1000;
  expect(await read()).toBe(1);
  await settle();
  expect(await read()).toBe(1);
  await settle();
  expect(probes).toBe(1);
  databaseDown = false;
  now = 2000;
  expect(await read()).toBe(1);
  await settle();
  expect(probes).toBe(2);
  expect(await read()).toBe(2);
});

test("a failed reload after a changed probe keeps the old value and is tried again one time to live later", async () => {
  let loads = 0;
  let failLoads = false;
  let now = 0;
  const read = cachedRead(
    async () => {
      if (failLoads) throw new Error("database down");
      return ++loads;
    },
    1000,
    { now: () => now, stillCurrent: async () => false },
  );
  expect(await read()).toBe(1);
  failLoads = true;
  now = 1000;
  expect(await read()).toBe(1);
  await settle();
  failLoads = false;
  expect(await read()).toBe(1);
  await settle();
  expect(loads).toBe(1);
  now = 2000;
  expect(await read()).toBe(1);
  await settle();
  expect(await read()).toBe(2);
});

test("invalidate() during a probe drops the value at once, and the probe's answer does not bring back a load", async () => {
  let loads = 0;
  let answer: ((current: boolean) => void) | undefined;
  let now = 0;
  const read = cachedRead(async () => ++loads, 1000, {
    now: () => now,
    stillCurrent: () => new Promise<boolean>((resolve) => (answer = resolve)),
  });
  expect(await read()).toBe(1);
  now = 1000;
  expect(await read()).toBe(1);
  read.invalidate();
  expect(await read()).toBe(2);
  answer!(false);
  await settle();
  expect(await read()).toBe(2);
  expect(loads).toBe(2);
});
