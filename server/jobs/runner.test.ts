import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createRunner, type Sweep } from "./runner.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A sweep that counts its runs and keeps the times it was handed. */
function counted(name: string, every: number, run: (now: Date) => Promise<unknown> | void = () => {}) {
  const times: Date[] = [];
  const sweep: Sweep = {
    name,
    every,
    run: (now) => {
      times.push(now);
      return run(now);
    },
  };
  return { sweep, times };
}

const noErrors = (error: unknown) => {
  throw new Error(`unexpected failure: ${String(error)}`);
};

test("a start runs every sweep at once, with the time of the run, then each on its own timer", async () => {
  const fast = counted("fast", 1_000);
  const slow = counted("slow", 3_000);
  const at = new Date("2026-12-01T10:00:00Z");
  const runner = createRunner([fast.sweep, slow.sweep], { onError: noErrors, now: () => at });
  runner.start();
  expect([fast.times.length, slow.times.length]).toEqual([1, 1]);
  expect(fast.times[0]).toBe(at);
  await vi.advanceTimersByTimeAsync(3_000);
  expect([fast.times.length, slow.times.length]).toEqual([4, 2]);
  await runner.stop();
});

test("a failing sweep is reported with its name, thrown or rejected, and the others still run", async () => {
  const errors: [string, string][] = [];
  const thrown = counted("thrown", 1_000, () => {
    throw new Error("at once");
  });
  const rejected = counted("rejected", 1_000, () => Promise.reject(new Error("later")));
  const fine = counted("fine", 1_000);
  const runner = createRunner([thrown.sweep, rejected.sweep, fine.sweep], {
    onError: (error, sweep) => errors.push([sweep, (error as Error).message]),
  });
  runner.start();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(fine.times).toHaveLength(2);
  expect(errors.sort()).toEqual([
    ["rejected", "later"],
    ["rejected", "later"],
    ["thrown", "at once"],
    ["thrown", "at once"],
  ]);
  await runner.stop();
});

test("the work before the first runs goes first; its failure is reported and the runs go ahead", async () => {
  const order: string[] = [];
  let failBefore = true;
  const sweep = counted("sweep", 60_000, () => void order.push("run"));
  const errors: string[] = [];
  const runner = createRunner([sweep.sweep], {
    onError: (_error, name) => errors.push(name),
    beforeFirstRun: async () => {
      order.push("before");
      if (failBefore) throw new Error("take-over failed");
    },
  });
  runner.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(order).toEqual(["before", "run"]);
  expect(errors).toEqual(["start"]);
  // Started again while running: everything runs once more, without the work before, and no second timer.
  failBefore = false;
  runner.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(order).toEqual(["before", "run", "run"]);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(sweep.times).toHaveLength(3);
  await runner.stop();
});

test("stop ends the timers and the listening, and waits for each sweep to settle, in the schedule's order", async () => {
  const events: string[] = [];
  let release!: () => void;
  const sending = new Promise<void>((resolve) => (release = resolve));
  const writer: Sweep = {
    name: "writer",
    every: 1_000,
    run: () => void events.push("writer ran"),
    listen: () => {
      events.push("writer listens");
      return () => events.push("writer stops listening");
    },
    settled: async () => void events.push("writer settled"),
  };
  const sender: Sweep = {
    name: "sender",
    every: 1_000,
    run: () => {},
    settled: async () => {
      await sending;
      events.push("sender settled");
    },
  };
  const runner = createRunner([writer, sender], { onError: noErrors });
  runner.start();
  runner.start();
  let stopped = false;
  const stopping = runner.stop().then(() => (stopped = true));
  await vi.advanceTimersByTimeAsync(5_000);
  // The sender is still busy: stop has not finished, and nothing has run since.
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(events).toEqual([
    "writer listens",
    "writer ran",
    "writer ran",
    "writer stops listening",
    "writer settled",
    "sender settled",
  ]);
});

test("a stop while the work before the first runs is under way: those runs do nothing", async () => {
  let finishBefore!: () => void;
  const sweep = counted("sweep", 1_000);
  const runner = createRunner([sweep.sweep], {
    onError: noErrors,
    beforeFirstRun: () => new Promise<void>((resolve) => (finishBefore = resolve)),
  });
  runner.start();
  await runner.stop();
  finishBefore();
  await vi.advanceTimersByTimeAsync(5_000);
  expect(sweep.times).toHaveLength(0);
});

test("stop without a start still settles the sweeps (what a test or a request woke)", async () => {
  const settled = vi.fn(async () => {});
  const runner = createRunner([{ name: "mails", every: 1_000, run: () => {}, settled }], { onError: noErrors });
  await runner.stop();
  expect(settled).toHaveBeenCalledOnce();
});
