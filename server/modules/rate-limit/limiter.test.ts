import { describe, expect, test } from "vitest";
import { rateLimit } from "./limiter.ts";
import { createMemoryStore } from "./memory-store.ts";
import type { RateLimitStore } from "./store.ts";

function manualClock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

describe("rateLimit", () => {
  test("hit: the attempts up to the limit pass, the next is refused with a whole-second wait", async () => {
    const clock = manualClock();
    const signIn = rateLimit(createMemoryStore({ now: clock.now }), { name: "sign-in", limit: 3, windowMs: 60_000 });
    expect(await signIn.hit("a@example.com")).toEqual({ limited: false, retryAfterSeconds: 0 });
    clock.advance(10_500);
    expect(await signIn.hit("a@example.com")).toEqual({ limited: false, retryAfterSeconds: 0 });
    expect(await signIn.hit("a@example.com")).toEqual({ limited: false, retryAfterSeconds: 0 });
    // The first attempt leaves the window 49.5 s from now: rounded up, never down.
    expect(await signIn.hit("a@example.com")).toEqual({ limited: true, retryAfterSeconds: 50 });
    expect(await signIn.hit("b@example.com")).toEqual({ limited: false, retryAfterSeconds: 0 });
  });

  test("check counts nothing and refuses once the limit is reached", async () => {
    const clock = manualClock();
    const reset = rateLimit(createMemoryStore({ now: clock.now }), { name: "reset", limit: 2, windowMs: 10_000 });
    expect(await reset.check("1.2.3.4")).toEqual({ limited: false, retryAfterSeconds: 0 });
    expect(await reset.check("1.2.3.4")).toEqual({ limited: false, retryAfterSeconds: 0 });
    await reset.hit("1.2.3.4");
    expect((await reset.check("1.2.3.4")).limited).toBe(false);
    await reset.hit("1.2.3.4");
    expect(await reset.check("1.2.3.4")).toEqual({ limited: true, retryAfterSeconds: 10 });
    clock.advance(9_999);
    expect(await reset.check("1.2.3.4")).toEqual({ limited: true, retryAfterSeconds: 1 });
    clock.advance(1);
    expect(await reset.check("1.2.3.4")).toEqual({ limited: false, retryAfterSeconds: 0 });
  });

  test("reset forgets the id's attempts, and only that id's", async () => {
    const limiter = rateLimit(createMemoryStore(), { name: "code", limit: 1, windowMs: 60_000 });
    await limiter.hit("x");
    await limiter.hit("y");
    expect((await limiter.check("x")).limited).toBe(true);
    await limiter.reset("x");
    expect((await limiter.check("x")).limited).toBe(false);
    expect((await limiter.check("y")).limited).toBe(true);
  });

  test("rules with different names count apart on one store", async () => {
    const store = createMemoryStore();
    const strict = rateLimit(store, { name: "strict", limit: 1, windowMs: 60_000 });
    const loose = rateLimit(store, { name: "loose", limit: 5, windowMs: 60_000 });
    await strict.hit("same-id");
    expect((await strict.check("same-id")).limited).toBe(true);
    expect((await loose.check("same-id")).limited).toBe(false);
  });

  test("keys are name:id, and ids longer than 200 characters are stored by their SHA-256", async () => {
    const keys: string[] = [];
    const store: RateLimitStore = {
      record: async (key) => (keys.push(key), { count: 1, resetInMs: 1_000 }),
      peek: async (key) => (keys.push(key), { count: 0, resetInMs: 0 }),
      clear: async (key) => void keys.push(key),
      release: async (key) => void keys.push(key),
      close: async () => {},
    };
    const limiter = rateLimit(store, { name: "sign-in", limit: 5, windowMs: 1_000 });
    await limiter.hit("a".repeat(200));
    await limiter.check("a".repeat(201));
    await limiter.reset("a".repeat(10_000));
    expect(keys[0]).toBe(`sign-in:${"a".repeat(200)}`);
    expect(keys[1]).toMatch(/^sign-in:[0-9a-f]{64}$/);
    expect(keys[2]).toMatch(/^sign-in:[0-9a-f]{64}$/);
    expect(keys[1]).not.toBe(keys[2]);
  });

  test("a rule that cannot work is refused when it is made", () => {
    const store = createMemoryStore();
    expect(() => rateLimit(store, { name: "zero", limit: 0, windowMs: 1_000 })).toThrow(RangeError);
    expect(() => rateLimit(store, { name: "huge", limit: 1_000_000, windowMs: 1_000 })).toThrow(RangeError);
    expect(() => rateLimit(store, { name: "no-window", limit: 5, windowMs: 0 })).toThrow(RangeError);
  });
});
