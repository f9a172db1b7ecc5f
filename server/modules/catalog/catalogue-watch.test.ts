import { expect, test } from "vitest";
import { coalesced } from "./catalogue-watch.ts";

test("a read shared by callers always began after each caller asked; at most one runs and one waits", async () => {
  let value = 0;
  let started = 0;
  const releases: (() => void)[] = [];
  // Each read gives the value as it was when the read began, once released.
  const read = coalesced(() => {
    started++;
    const seen = value;
    return new Promise<number>((resolve) => releases.push(() => resolve(seen)));
  });
  const first = read();
  // A commit after the first read began: callers from now on must not get the first read's answer.
  value = 1;
  const second = read();
  const third = read();
  expect(started).toBe(1);
  releases[0]!();
  expect(await first).toBe(0);
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(started).toBe(2);
  releases[1]!();
  expect(await second).toBe(1);
  expect(await third).toBe(1);
});
