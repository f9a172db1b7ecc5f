import { expect, test } from "vitest";
import { CHUNK_RELOAD_INTERVAL_MS, reloadAfterChunkError } from "./chunk-reload.ts";

function fakeBrowser() {
  const stored = new Map<string, string>();
  let now = 1_000_000;
  let reloads = 0;
  return {
    deps: {
      now: () => now,
      storage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
      reload: () => void reloads++,
    },
    advance: (ms: number) => (now += ms),
    reloads: () => reloads,
  };
}

test("reloads at most once per 60 seconds", () => {
  const browser = fakeBrowser();
  expect(reloadAfterChunkError(browser.deps)).toBe(true);
  expect(browser.reloads()).toBe(1);
  browser.advance(CHUNK_RELOAD_INTERVAL_MS - 1);
  expect(reloadAfterChunkError(browser.deps)).toBe(false);
  expect(browser.reloads()).toBe(1);
  browser.advance(1);
  expect(reloadAfterChunkError(browser.deps)).toBe(true);
  expect(browser.reloads()).toBe(2);
});

test("a stored time from the future (a changed clock) does not block reloads forever", () => {
  const browser = fakeBrowser();
  browser.deps.storage.setItem("shop.chunkReloadAt", String(browser.deps.now() + 3_600_000));
  expect(reloadAfterChunkError(browser.deps)).toBe(true);
});
