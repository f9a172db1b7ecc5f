import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { keptMails, type KeptMails } from "../../../tests/support/services-config.ts";
import { orders, users } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { usernameSkeleton } from "./username.ts";

/*
 * "Create an account" on a guest's order page (issue 11 §1): an account for the order's address
 * without a password, a mail whose link chooses it (and brings the guest's orders in), refusals
 * for an address with an account and for too many clicks, and user names that do not clash.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let mails: KeptMails;
let option: number;
let visitors = 0;

beforeAll(async () => {
  mails = keptMails();
  shop = await seededShop(4, { mailer: mails });
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await shop?.services.accounts.settled();
  await shop?.services.mails.settled();
  await shop?.close();
});

const db = () => shop.database.db;
/** A scope of a visitor of its own, so that one test's clicks do not count against another's limit. */
const visitor = () => systemScope(db(), { ip: `198.51.100.${++visitors}` });
const makeAccount = (email: string, scope = visitor()) => shop.services.accounts.accountFromOrder(scope, { email });
const userOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const choosePasswordMails = (email: string) => mails.sent.filter((m) => m.to === email && /Choose a password/.test(m.subject));

describe("an account from a guest's order", () => {
  test("is made for the order's address without a password; the mailed link sets it, logs in and brings the guest's order", async () => {
    const email = "iris.bos@example.com";
    const order = await guestOrder(shop.services, systemScope(db()), option, 1, { email });

    expect(await makeAccount(email)).toEqual({ username: "iris.bos" });
    const made = (await userOf(email))!;
    expect(made).toMatchObject({ username: "iris.bos", passwordHash: null, confirmed: false, provider: "local" });
    // The address is not proven yet: the order stays the guest's until the link is followed.
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.userId).toBeNull();

    await shop.services.accounts.settled();
    const [mail, ...more] = choosePasswordMails(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Choose a password for your Safe Hands account");
    expect(mail!.text).toContain('Your Safe Hands account "iris.bos" is ready.');
    expect(mail!.text).toContain("This link expires in 1 hour");
    const link = new URL(mail!.text.match(/http:\/\/shop\.test\/reset-password\?code=\S+/)![0]);
    expect(mail!.html).toContain(link.href.replace(/&/g, "&amp;"));

    const password = "gloves for a rainy match";
    const opened = await shop.services.accounts.resetPassword(visitor(), {
      code: link.searchParams.get("code"),
      password,
      passwordConfirmation: password,
    });
    expect(opened.user).toMatchObject({ id: made.id, username: "iris.bos", email, confirmed: true });
    const history = await shop.services.orders.customerOrders(systemScope(db()), made.id);
    expect(history.map((o) => o.number)).toEqual([order.number]);
    await expect(shop.services.accounts.login(visitor(), { identifier: email, password })).resolves.toMatchObject({
      user: { id: made.id },
    });
    // The link worked once.
    await expect(
      shop.services.accounts.resetPassword(visitor(), {
        code: link.searchParams.get("code"),
        password: "another phrase for gloves",
        passwordConfirmation: "another phrase for gloves",
      }),
    ).rejects.toMatchObject({ code: "INVALID_CODE" });
  });

  test("an address that has an account answers ACCOUNT_TAKEN, however it is typed, and makes and mails nothing", async () => {
    const email = "taken.keeper@example.com";
    await makeAccount(email);
    await shop.services.accounts.settled();
    const before = mails.sent.length;

    for (const typed of [email, "  Taken.Keeper@EXAMPLE.com "]) {
      await expect(makeAccount(typed)).rejects.toMatchObject({
        code: "ACCOUNT_TAKEN",
        message: "This e-mail address or user name is already taken.",
      });
    }
    await shop.services.accounts.settled();
    expect(mails.sent.length).toBe(before);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  test("a user name that is taken (or looks like one that is) is not reused: another one is chosen", async () => {
    await db()
      .insert(users)
      .values({ username: "Goalie", usernameSkeleton: usernameSkeleton("Goalie"), email: "the-first-goalie@example.com" });

    const { username } = await makeAccount("goalie@example.org");
    expect(username).toMatch(/^goalie\d+$/);
    const lookalike = await makeAccount("g0alie@example.net");
    expect(lookalike.username).toMatch(/^g0alie\d+$/);
    expect((await userOf("goalie@example.org"))!.username).toBe(username);

    // Nothing usable before the @: a name of the shop's own.
    expect((await makeAccount("_@example.com")).username).toMatch(/^keeper\d*$/);
  });

  test("counts as a sign-up: the eleventh click within the hour from one address is refused", async () => {
    const scope = visitor();
    for (let click = 1; click <= 10; click++) {
      // Clicks that made nothing count as well.
      const email = click % 2 === 0 ? "taken.keeper@example.com" : `clicker${click}@example.com`;
      await makeAccount(email, scope).catch((error: unknown) => expect(error).toMatchObject({ code: "ACCOUNT_TAKEN" }));
    }
    await expect(makeAccount("clicker11@example.com", scope)).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      retryAfterSeconds: expect.any(Number),
    });
    expect(await userOf("clicker11@example.com")).toBeUndefined();
    // Another visitor is not held back.
    await expect(makeAccount("clicker12@example.com")).resolves.toEqual({ username: "clicker12" });
  });
});
