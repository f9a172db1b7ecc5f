import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { createServices, type Services } from "../../services.ts";
import { hashPassword } from "./password.ts";
import { fillUsernameSkeletons, usernameSkeleton } from "./username.ts";

/* User names are NFKC, and a look-alike of a name already taken is refused (issue 10). */

let database: Database;
let services: Services;
let people = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database, testServicesConfig());
});

afterAll(async () => {
  await services?.accounts.settled();
  await database?.close();
});

function register(username: string) {
  people += 1;
  return services.accounts
    .register(systemScope(database.db, { ip: `192.0.2.${people}` }), {
      username,
      email: `person${people}@example.com`,
      password: `green gloves ${people} dive`,
    })
    .catch((error: unknown) => error);
}

describe("user names", () => {
  test("are stored in NFKC: a full-width name is the plain name it shows, and logs in either way", async () => {
    const opened = (await register("ｋｅｅｐｅｒ２")) as { user: { username: string } };
    expect(opened.user.username).toBe("keeper2");
    const login = (identifier: string) =>
      services.accounts.login(systemScope(database.db, { ip: "192.0.2.200" }), {
        identifier,
        password: `green gloves ${people} dive`,
      });
    await expect(login("keeper2")).resolves.toMatchObject({ user: { username: "keeper2" } });
    await expect(login("ｋｅｅｐｅｒ２")).resolves.toMatchObject({ user: { username: "keeper2" } });
  });

  test.each([
    ["Cyrillic letters that look Latin", "gloveking", "glоvеking"],
    ["Greek letters that look Latin", "topsaver", "tοpsaνer"],
    ["an accent", "rene", "rené"],
    ["another case", "NetMinder", "netminder"],
    ["a capital I for a small l", "Paulo", "PauIo"],
    ["a zero for an o", "BOBBY", "B0BBY"],
    ["rn for m", "martina", "rnartina"],
  ])("a look-alike of a name already taken is refused: %s", async (_, taken, lookalike) => {
    expect(await register(taken)).toMatchObject({ user: { username: taken } });
    expect(await register(lookalike)).toMatchObject({ code: "ACCOUNT_TAKEN" });
  });

  test("names that only look alike to a careless eye stay free", async () => {
    expect(await register("keeper77")).toMatchObject({ user: { username: "keeper77" } });
    expect(await register("keeper78")).toMatchObject({ user: { username: "keeper78" } });
  });

  test("accounts made before skeletons get theirs at start; two old look-alikes keep their accounts", async () => {
    await database.db.insert(users).values([
      { username: "oldtimer", email: "oldtimer@example.com" },
      { username: "оldtimer", email: "cyrillic-oldtimer@example.com" },
      { username: "ｗｉｄｅｂｏｙ", email: "wideboy@example.com", passwordHash: await hashPassword("wide gloves of old") },
    ]);
    expect(await fillUsernameSkeletons(database.db)).toBe(2);
    // A full-width name from before is written as logins read it, and logs in by name again.
    await expect(
      services.accounts.login(systemScope(database.db, { ip: "192.0.2.201" }), {
        identifier: "wideboy",
        password: "wide gloves of old",
      }),
    ).resolves.toMatchObject({ user: { username: "wideboy" } });
    const [first] = await database.db.select().from(users).where(eq(users.email, "oldtimer@example.com"));
    expect(first!.usernameSkeleton).toBe(usernameSkeleton("oldtimer"));
    expect(await register("oldtimer")).toMatchObject({ code: "ACCOUNT_TAKEN" });
    expect(await fillUsernameSkeletons(database.db)).toBe(0);
  });
});
