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
 * on a shop's embedded database.
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

test("gives an account a role, gives and takes a scope, and refuses what it does not know", async () => {
  await withDatabase((db) => db.insert(users).values({ username: "Editor1", email: "editor@example.com" }));
  const read = () => withDatabase(async (db) => (await db.select().from(users).where(eq(users.email, "editor@example.com")))[0]!);

  expect((await cli("role", "editor", "editor1")).stdout).toContain("Editor1 (editor@example.com) now has the role editor.");
  expect(await read()).toMatchObject({ role: "editor", scope: [] });
  await cli("grant", "staff", "editor@example.com");
  expect(await read()).toMatchObject({ role: "editor", scope: ["staff"] });
  await cli("revoke", "staff", "editor@example.com");
  expect((await read()).scope).toEqual([]);

  await expect(cli("role", "king", "editor@example.com")).rejects.toMatchObject({
    stderr: expect.stringContaining("Usage: npm run scope"),
  });
  await expect(cli("role", "owner", "nobody@example.com")).rejects.toMatchObject({
    stderr: expect.stringContaining("No account has the e-mail address or user name nobody@example.com"),
  });
  expect((await read()).role).toBe("editor");
}, 120_000);
