import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { communicationPreferenceLog } from "../../db/schema/index.ts";
import { createCustomers, type Customers } from "./index.ts";
import { shopErrorCode, type ShopError } from "../../lib/shop-error.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { newCustomerId } from "../../../tests/support/customers-fixtures.ts";

let database: Database;
let customers: Customers;
let scope: Scope;

beforeAll(async () => {
  database = await createTestDatabase();
  customers = createCustomers();
  scope = systemScope(database.db);
});

afterAll(async () => {
  await database?.close();
});

const optedIn = async (userId: number) =>
  (await customers.preferences(scope, userId)).filter((p) => p.optedIn).map((p) => `${p.topic}/${p.channel}`);

describe("communication preferences", () => {
  test("before any choice: every topic on every channel, only order updates by e-mail on", async () => {
    const me = await newCustomerId(database.db);
    const all = await customers.preferences(scope, me);
    expect(all.map((p) => `${p.topic}/${p.channel}`)).toEqual([
      "newsletter/email",
      "newsletter/sms",
      "member-news/email",
      "member-news/sms",
      "order-updates/email",
      "order-updates/sms",
    ]);
    expect(all.every((p) => p.updatedAt === null)).toBe(true);
    expect(await optedIn(me)).toEqual(["order-updates/email"]);
  });

  test("each real change is written and logged with its source; the same value again logs nothing", async () => {
    const me = await newCustomerId(database.db);
    const after = await customers.updatePreferences(
      scope,
      me,
      [
        { topic: "newsletter", channel: "email", optedIn: true },
        // Already the default: not a change.
        { topic: "order-updates", channel: "email", optedIn: "true" },
        { topic: "member-news", channel: "sms", optedIn: false },
      ],
      "account-page",
    );
    expect(after.filter((p) => p.optedIn).map((p) => `${p.topic}/${p.channel}`)).toEqual([
      "newsletter/email",
      "order-updates/email",
    ]);
    expect(after.find((p) => p.topic === "newsletter" && p.channel === "email")?.updatedAt).toEqual(expect.any(String));
    expect(after.find((p) => p.topic === "order-updates" && p.channel === "email")?.updatedAt).toBeNull();

    let log = await customers.preferenceLog(scope, me);
    expect(log).toEqual([
      { topic: "newsletter", channel: "email", optedIn: true, source: "account-page", changedAt: expect.any(String) },
    ]);

    // The whole form sent again, with one real change, through another door.
    await customers.updatePreferences(
      scope,
      me,
      [
        { topic: "newsletter", channel: "email", optedIn: "on" },
        { topic: "order-updates", channel: "email", optedIn: false },
      ],
      "api",
    );
    await customers.updatePreferences(scope, me, [{ topic: "newsletter", channel: "email", optedIn: false }], "graphql");
    log = await customers.preferenceLog(scope, me, 10);
    expect(log.map((c) => [c.topic, c.channel, c.optedIn, c.source])).toEqual([
      ["newsletter", "email", false, "graphql"],
      ["order-updates", "email", false, "api"],
      ["newsletter", "email", true, "account-page"],
    ]);
    expect(await optedIn(me)).toEqual([]);
    expect((await customers.preferenceLog(scope, me, "2")).map((c) => c.source)).toEqual(["graphql", "api"]);
  });

  test("one customer's choices and log are not another's", async () => {
    const me = await newCustomerId(database.db);
    const other = await newCustomerId(database.db);
    await customers.updatePreferences(scope, me, [{ topic: "member-news", channel: "sms", optedIn: true }], "api");
    expect(await optedIn(other)).toEqual(["order-updates/email"]);
    expect(await customers.preferenceLog(scope, other)).toEqual([]);
  });

  test("bad input is refused as a whole, naming the entry and field", async () => {
    const me = await newCustomerId(database.db);
    const refused = async (raw: unknown) => {
      const error = await customers.updatePreferences(scope, me, raw, "api").then(
        () => null,
        (e: unknown) => e,
      );
      expect(shopErrorCode(error)).toBe("INVALID_INPUT");
      return { field: (error as ShopError).field, message: (error as Error).message };
    };
    expect(
      await refused([
        { topic: "newsletter", channel: "email", optedIn: true },
        { topic: "spam", channel: "email", optedIn: true },
      ]),
    ).toEqual({ field: "preferences.1.topic", message: "Choose a topic: newsletter, member-news, order-updates." });
    expect(await refused([{ topic: "newsletter", channel: "fax", optedIn: true }])).toMatchObject({
      field: "preferences.0.channel",
    });
    expect(await refused([{ topic: "newsletter", channel: "email", optedIn: 1 }])).toMatchObject({
      field: "preferences.0.optedIn",
    });
    expect(
      await refused([
        { topic: "newsletter", channel: "email", optedIn: true },
        { topic: "newsletter", channel: "email", optedIn: false },
      ]),
    ).toEqual({ field: "preferences.1", message: "newsletter/email is listed twice." });
    expect(await refused({ topic: "newsletter" })).toEqual({ field: "preferences", message: "Send a list of preferences." });
    expect(await refused(undefined)).toMatchObject({ field: "preferences" });
    expect(await database.db.$count(communicationPreferenceLog, eq(communicationPreferenceLog.userId, me))).toBe(0);
    expect(await optedIn(me)).toEqual(["order-updates/email"]);
  });

  test("the log's length is bounded", async () => {
    const me = await newCustomerId(database.db);
    await expect(customers.preferenceLog(scope, me, 0)).rejects.toMatchObject({ field: "limit" });
    await expect(customers.preferenceLog(scope, me, 101)).rejects.toMatchObject({ field: "limit" });
  });
});
