import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { keptMails, testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { createAccounts } from "./index.ts";

/* A sign-up is one transaction: the account, its first session and the guest's bag, or nothing. */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

test("a sign-up that fails while opening its session leaves no account and sends no mail; trying again works", async () => {
  const mails = keptMails();
  let bagsWork = false;
  const accounts = createAccounts({
    ...testServicesConfig({ mailer: mails }),
    db: database.db,
    bags: {
      mergeGuestBag: async () => {
        if (!bagsWork) throw new Error("the bag could not be read");
        return [];
      },
    },
  });
  const scope = { ...systemScope(database.db, { ip: "192.0.2.90" }), guestBag: "a-guest-bag" };
  const person = { username: "halfway", email: "halfway@example.com", password: "gloves that hold on" };
  await expect(accounts.register(scope, person)).rejects.toThrow("the bag could not be read");
  expect(await database.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
  await accounts.settled();
  expect(mails.sent).toEqual([]);

  bagsWork = true;
  await expect(accounts.register(scope, person)).resolves.toMatchObject({ user: { username: "halfway" } });
  await accounts.settled();
  expect(mails.sent.map((mail) => mail.to)).toEqual([person.email]);
});
