import { describe, expect, test } from "vitest";
import { createMemoryStore } from "./memory-store.ts";
import { MAX_EVENTS_PER_KEY } from "./store.ts";

/** A clock the test moves by hand. */
function manualClock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

describe("the in-memory rate-limit store", () => {
  test("an event counts for exactly windowMs, and resetInMs follows the oldest", async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    expect(await store.record("k", 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    clock.advance(400);
    expect(await store.record("k", 1_000)).toEqual({ count: 2, resetInMs: 600 });
    clock.advance(599);
    expect(await store.peek("k", 1_000)).toEqual({ count: 2, resetInMs: 1 });
    clock.advance(1);
    expect(await store.peek("k", 1_000)).toEqual({ count: 1, resetInMs: 400 });
    clock.advance(400);
    expect(await store.peek("k", 1_000)).toEqual({ count: 0, resetInMs: 0 });
  });

  test("an event just recorded resets in exactly windowMs, whatever fraction of a millisecond the clock reads", async () => {
    // Times at which adding the window and taking the time away again is not exact in floating point.
    for (const start of [261_317.641_360_679_26, 57_638.762_977_173_516, 63_486.537_106_535_62]) {
      const store = createMemoryStore({ now: manualClock(start).now });
      expect(await store.record("k", 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    }
  });

  test("at most maxKeys keys: the least recently used one goes first", async () => {
    const clock = manualClock();
    const store = createMemoryStore({ maxKeys: 3, now: clock.now });
    for (const key of ["a", "b", "c"]) await store.record(key, 60_000);
    // Reading "a" makes it recent, so "b" is now the least recently used.
    await store.peek("a", 60_000);
    await store.record("d", 60_000);
    const counts = await Promise.all(["a", "b", "c", "d"].map(async (key) => (await store.peek(key, 60_000)).count));
    expect(counts).toEqual([1, 0, 1, 1]);
  });

  test("a flood of new keys never holds more than maxKeys", async () => {
    const store = createMemoryStore({ maxKeys: 50 });
    for (let i = 0; i < 500; i++) await store.record(`flood-${i}`, 60_000);
    let kept = 0;
    for (let i = 0; i < 500; i++) kept += (await store.peek(`flood-${i}`, 60_000)).count;
    expect(kept).toBe(50);
    expect((await store.peek("flood-499", 60_000)).count).toBe(1);
    expect((await store.peek("flood-0", 60_000)).count).toBe(0);
  });

  test("a flood of new ids cannot push out an account's count of failed logins", async () => {
    const store = createMemoryStore({ maxKeys: 100 });
    for (let i = 0; i < 5; i++) await store.record("login-account:user:7", 300_000);
    // Thousands of made-up identifiers, from as many addresses as an attacker has.
    for (let i = 0; i < 5_000; i++) await store.record(`login-account:id:made-up-${i}`, 300_000);
    expect((await store.peek("login-account:user:7", 300_000)).count).toBe(5);
    let kept = 0;
    for (let i = 0; i < 5_000; i++) kept += (await store.peek(`login-account:id:made-up-${i}`, 300_000)).count;
    expect(kept).toBe(99);
  });

  test("one key keeps at most MAX_EVENTS_PER_KEY events, dropping the oldest", async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    for (let i = 0; i < MAX_EVENTS_PER_KEY + 5; i++) {
      await store.record("hammered", 1_000_000);
      clock.advance(1);
    }
    const state = await store.peek("hammered", 1_000_000);
    expect(state.count).toBe(MAX_EVENTS_PER_KEY);
    // The oldest kept is the sixth event, recorded at 1_005.
    expect(state.resetInMs).toBe(1_005 + 1_000_000 - clock.now());
  });

  test("peeking at an unknown key stores nothing that could push others out", async () => {
    const store = createMemoryStore({ maxKeys: 1 });
    await store.record("kept", 60_000);
    for (let i = 0; i < 10; i++) expect(await store.peek(`unknown-${i}`, 60_000)).toEqual({ count: 0, resetInMs: 0 });
    expect((await store.peek("kept", 60_000)).count).toBe(1);
  });
});
