import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { openDatabase } from "./client.ts";
import { brands } from "./schema/index.ts";

test("PGlite keeps every committed write when its process is killed with SIGKILL mid-write", { timeout: 120_000 }, async () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), "shop-durability-")), "db");
  const writer = spawn(process.execPath, ["--import", "tsx", "tests/support/pglite-writer.ts", dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let printed = "";
  writer.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise((resolve) => writer.once("exit", resolve));
  await expect.poll(() => printed.split("\n").length, { timeout: 60_000, interval: 50 }).toBeGreaterThan(40);
  writer.kill("SIGKILL");
  await exited;
  const committed = printed.split("\n").filter(Boolean);

  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const rows = await database.db.select({ slug: brands.slug, story: brands.story }).from(brands);
    const slugs = new Set(rows.map((r) => r.slug));
    for (const slug of committed) expect(slugs.has(slug), slug).toBe(true);
    expect(rows.every((r) => r.story.length === 2000)).toBe(true);
    // And it still takes writes.
    await database.db.insert(brands).values({ slug: "after-crash", name: "After" });
    expect((await database.db.select().from(brands)).length).toBe(rows.length + 1);
  } finally {
    await database.close();
  }
});
