import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { applyMigrations } from "../../server/db/migrate.ts";
import { users } from "../../server/db/schema/index.ts";

/*
 * The owner's command for roles and scopes (`npm run scope`, ADR 39), run as the owner runs it,
 * on a shop's embedded database; its cases are server/accounts-command.db.test.ts.
 */

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "shop-scope-cli-"));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "db") });
  try {
    await applyMigrations(database);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "server/accounts-cli.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    timeout: 60_000,
  });

test("run as the owner runs it: changes the account on the shop's data, and a wrong command exits 1 with the usage", async () => {
  await withDatabase((db) => db.insert(users).values({ username: "Editor1", email: "editor@example.com" }));

  expect((await cli("role", "editor", "editor1")).stdout).toContain("Editor1 (editor@example.com) now has the role editor.");
  expect(
    await withDatabase(async (db) => (await db.select().from(users).where(eq(users.email, "editor@example.com")))[0]!),
  ).toMatchObject({
    role: "editor",
  });
  await expect(cli("role", "king", "editor@example.com")).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining("Usage: npm run scope"),
  });
}, 120_000);
