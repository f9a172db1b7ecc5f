import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { createCacheBound } from "./cache-bound.ts";

const dir = mkdtempSync(join(tmpdir(), "shop-cache-bound-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: number): string {
  mkdirSync(join(dir, "r"), { recursive: true });
  const path = join(dir, "r", name);
  writeFileSync(path, Buffer.alloc(bytes));
  return path;
}

test("a rendering that cannot be deleted does not stop the bound: later renderings are counted and the oldest still go", async () => {
  const bound = createCacheBound(dir, 250);
  // The oldest entry cannot be deleted: a folder with a file in it stands where it was.
  const stuck = join(dir, "r", "stuck");
  mkdirSync(stuck, { recursive: true });
  writeFileSync(join(stuck, "inside"), "x");
  await expect(bound.added(stuck, 100)).resolves.toBeUndefined();
  const first = file("first", 100);
  await expect(bound.added(first, 100)).resolves.toBeUndefined();
  // Over the bound: deleting `stuck` fails, and the step must not poison those after it.
  await expect(bound.added(file("second", 100), 100)).resolves.toBeUndefined();
  await expect(bound.added(file("third", 100), 100)).resolves.toBeUndefined();
  expect(existsSync(first)).toBe(false);
  expect(bound.bytes()).toBeLessThanOrEqual(250);
});
