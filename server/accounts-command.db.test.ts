import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "../tests/support/test-db.ts";
import type { Database } from "./db/client.ts";
import { users } from "./db/schema/index.ts";
import { ACCOUNTS_USAGE, parseAccountsCommand, runAccountsCommand } from "./accounts-command.ts";

/* The owner's command for roles and scopes (ADR 39); tests/system runs it as a process once. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values({ username: "Editor1", email: "editor@example.com" });
});
afterAll(() => database.close());

const account = async () => (await database.db.select().from(users).where(eq(users.email, "editor@example.com")))[0]!;
const run = (...args: string[]) => {
  const command = parseAccountsCommand(args);
  if (!command) throw new Error(ACCOUNTS_USAGE);
  return runAccountsCommand(database.db, command);
};

test("gives a role by user name, and gives and takes a scope by e-mail address", async () => {
  expect(await run("role", "editor", "editor1")).toBe("Editor1 (editor@example.com) now has the role editor.");
  expect(await account()).toMatchObject({ role: "editor", scope: [] });
  expect(await run("grant", "staff", " Editor@Example.com ")).toBe('Editor1 (editor@example.com) now has the scope ["staff"].');
  await run("grant", "staff", "editor@example.com");
  expect((await account()).scope).toEqual(["staff"]);
  await run("revoke", "staff", "editor@example.com");
  expect((await account()).scope).toEqual([]);
});

test("refuses a role, scope or verb it does not know, and an account that does not exist, changing nothing", async () => {
  await run("role", "editor", "editor@example.com");
  for (const args of [
    ["role", "king", "editor@example.com"],
    ["grant", "owner", "editor@example.com"],
    ["promote", "staff", "editor@example.com"],
    ["role", "owner"],
    ["role", "owner", "  "],
  ]) {
    expect(parseAccountsCommand(args), args.join(" ")).toBeNull();
  }
  await expect(run("role", "owner", "nobody@example.com")).rejects.toThrow(
    "No account has the e-mail address or user name nobody@example.com",
  );
  expect(await account()).toMatchObject({ role: "editor", scope: [] });
});
