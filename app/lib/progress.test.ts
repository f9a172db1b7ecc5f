import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createProgress } from "./progress.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("a navigation faster than 200 ms never shows the bar", () => {
  const progress = createProgress();
  const seen: string[] = [];
  progress.subscribe(() => seen.push(progress.getState().phase));
  progress.start();
  vi.advanceTimersByTime(199);
  progress.finish(false);
  vi.advanceTimersByTime(1000);
  expect(seen).toEqual([]);
});

test("a slow navigation shows the bar after 200 ms and hides it 500 ms after the end", () => {
  const progress = createProgress();
  progress.start();
  vi.advanceTimersByTime(200);
  expect(progress.getState()).toEqual({ phase: "running" });
  progress.finish(false);
  expect(progress.getState()).toEqual({ phase: "finished", failed: false });
  vi.advanceTimersByTime(499);
  expect(progress.getState().phase).toBe("finished");
  vi.advanceTimersByTime(1);
  expect(progress.getState()).toEqual({ phase: "hidden" });
});

test("a failure turns the bar red, even when it came before the bar showed", () => {
  const progress = createProgress();
  progress.start();
  vi.advanceTimersByTime(50);
  progress.finish(true);
  expect(progress.getState()).toEqual({ phase: "finished", failed: true });
  vi.advanceTimersByTime(500);
  expect(progress.getState().phase).toBe("hidden");
});

test("a new navigation during the hide delay keeps the bar and restarts it", () => {
  const progress = createProgress();
  progress.start();
  vi.advanceTimersByTime(300);
  progress.finish(false);
  vi.advanceTimersByTime(100);
  progress.start();
  vi.advanceTimersByTime(1000);
  expect(progress.getState().phase).toBe("running");
});
