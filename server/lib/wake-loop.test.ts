import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createWakeLoop } from "./wake-loop.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A round that takes `ms` and records how many rounds ran and the most that ran at once. */
function rounds(ms: number, answer: () => number | null = () => null) {
  const seen = { count: 0, atOnce: 0, most: 0 };
  const round = async () => {
    seen.count += 1;
    seen.atOnce += 1;
    seen.most = Math.max(seen.most, seen.atOnce);
    // A timer even of 0 ms lasts one on the fake clock: a round of no time awaits nothing but a tick.
    await (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
    seen.atOnce -= 1;
    return answer();
  };
  return { seen, round };
}

test("wakes within the delay are one round, run once the delay is over", async () => {
  const { seen, round } = rounds(10);
  const loop = createWakeLoop(round, { delayMs: 100 });
  loop.wake();
  loop.wake();
  await vi.advanceTimersByTimeAsync(50);
  loop.wake();
  expect(seen.count).toBe(0);
  await vi.advanceTimersByTimeAsync(60);
  expect(seen.count).toBe(1);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(seen.count).toBe(1);
});

test("a wake during a round is one round more once it ends, never two at once", async () => {
  const { seen, round } = rounds(500);
  const loop = createWakeLoop(round, { delayMs: 100 });
  loop.wake();
  await vi.advanceTimersByTimeAsync(200);
  expect(seen.atOnce).toBe(1);
  // Two wakes while the round runs: one round more, after it.
  loop.wake();
  await vi.advanceTimersByTimeAsync(50);
  loop.wake();
  await vi.advanceTimersByTimeAsync(100);
  expect(seen.count).toBe(1);
  await vi.advanceTimersByTimeAsync(2_000);
  expect(seen.count).toBe(2);
  expect(seen.most).toBe(1);
});

test("settled runs what a wake asked for now and resolves once no round runs", async () => {
  const { seen, round } = rounds(0);
  const loop = createWakeLoop(round, { delayMs: 60_000 });
  loop.wake();
  const settling = loop.settled();
  await vi.advanceTimersByTimeAsync(0);
  await settling;
  expect(seen.count).toBe(1);
  // Nothing was left waiting: the delay's end runs nothing more.
  await vi.advanceTimersByTimeAsync(60_000);
  expect(seen.count).toBe(1);
});

test("a failed round is reported and the next wake runs again", async () => {
  const errors: unknown[] = [];
  let fail = true;
  let ran = 0;
  const loop = createWakeLoop(
    async () => {
      ran += 1;
      if (fail) throw new Error("mail server down");
      return null;
    },
    { delayMs: 100, onError: (error) => errors.push(error) },
  );
  loop.wake();
  await vi.advanceTimersByTimeAsync(100);
  expect(errors).toHaveLength(1);
  fail = false;
  loop.wake();
  await vi.advanceTimersByTimeAsync(100);
  expect([ran, errors.length]).toEqual([2, 1]);
});

test("a round that asks to run again after a while does, without a wake; settled drops that round", async () => {
  const answers = [500, null];
  const { seen, round } = rounds(0, () => answers.shift() ?? null);
  const loop = createWakeLoop(round, { delayMs: 100 });
  loop.wake();
  await vi.advanceTimersByTimeAsync(100);
  expect(seen.count).toBe(1);
  await vi.advanceTimersByTimeAsync(500);
  expect(seen.count).toBe(2);

  // Asked for again, then settled before its time: it is the next wake's to do.
  answers.push(500);
  loop.wake();
  await vi.advanceTimersByTimeAsync(100);
  expect(seen.count).toBe(3);
  await loop.settled();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(seen.count).toBe(3);
});
