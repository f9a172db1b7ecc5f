import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { openDatabase } from "./client.ts";

const freshDir = () => join(mkdtempSync(join(tmpdir(), "shop-lock-")), "db");

test("a second opening of the same embedded database is refused with a clear message", { timeout: 60_000 }, async () => {
  const dataDir = freshDir();
  const first = await openDatabase({ kind: "pglite", dataDir });
  try {
    const second = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `
      import { openDatabase } from "./server/db/client.ts";
      await openDatabase({ kind: "pglite", dataDir: ${JSON.stringify(dataDir)} });
    `,
      ],
      { encoding: "utf8" },
    );
    expect(second.status).not.toBe(0);
    expect(second.stderr).toContain(`is in use by process ${process.pid}. Stop the shop first`);
  } finally {
    await first.close();
  }
  expect(existsSync(`${dataDir}.lock`)).toBe(false);
});

test("a lock left by a process that no longer exists is taken over", { timeout: 60_000 }, async () => {
  const dataDir = freshDir();
  writeFileSync(`${dataDir}.lock`, "999999");
  const database = await openDatabase({ kind: "pglite", dataDir });
  expect(await database.ping()).toBe(true);
  await database.close();
});
