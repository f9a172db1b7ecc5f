import { afterAll, beforeAll, expect, test } from "vitest";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { systemScope } from "../../lib/scope.ts";
import { createServices, type Services } from "../../services.ts";
import { createMemoryStore } from "../rate-limit/memory-store.ts";
import type { RateLimitStore } from "../rate-limit/index.ts";

/* Issue 10 F5: an address the login limit refuses records nothing more, whatever it names. */

let database: Database;
let services: Services;
let store: RateLimitStore;

beforeAll(async () => {
  database = await createTestDatabase();
  store = createMemoryStore();
  services = createServices(database, testServicesConfig({ rateLimits: store }));
});

afterAll(async () => {
  await services?.accounts.settled();
  await database?.close();
});

test("once an address is refused, logins from it naming new accounts leave no trace in the limits' store", async () => {
  const scope = systemScope(database.db, { ip: "203.0.113.50" });
  const login = (identifier: string) =>
    services.accounts.login(scope, { identifier, password: "not the password" }).catch((error: unknown) => error);
  for (let i = 0; i < 5; i++) expect(await login(`guess-${i}@example.com`)).toMatchObject({ code: "INVALID_CREDENTIALS" });
  for (let i = 0; i < 20; i++) expect(await login(`flood-${i}@example.com`)).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  for (let i = 0; i < 20; i++) {
    expect((await store.peek(`login-account:id:flood-${i}@example.com`, 5 * 60_000)).count).toBe(0);
  }
  // What it tried before it was refused was counted, as it should be.
  expect((await store.peek("login-account:id:guess-0@example.com", 5 * 60_000)).count).toBe(1);
});
