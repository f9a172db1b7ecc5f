import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { CART_COOKIE } from "../../modules/cart/index.ts";
import { newPerson } from "../../../tests/support/sign-ups.ts";
import { contentAuthApi } from "./content-auth.ts";
import { loginApi } from "./login-api.ts";

/*
 * A guest's bag joins the customer's bag at every login, whichever door the visitor comes in by:
 * it happens in the accounts module's login use cases, not in one adapter (ADR 34). Here the
 * content backend's sign-up and login and the login API; the pages' login is in the e2e suite
 * (accounts.spec.ts), social login in social-auth.db.test.ts.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
let scope: Scope;
let variantId: number;

beforeAll(async () => {
  shop = await seededShop(6);
  scope = systemScope(shop.database.db);
  app = shopApp(shop, { trustProxy: 1 });
  app.route("/api", contentAuthApi());
  app.route("/auth", loginApi());
  const [card] = (await shop.services.catalog.featuredProducts()).filter((p) => p.inStock);
  const product = await shop.services.catalog.productDetail(card!.slug);
  variantId = product!.variants.find((v) => v.stock >= 2)!.id;
});

afterAll(async () => {
  await shop?.services.accounts.settled();
  await shop?.close();
});

let addresses = 0;

/** A guest's bag holding two of the option; its token is what the cart cookie holds. */
async function guestBag(): Promise<string> {
  const { cart } = await shop.services.cart.addLine(scope, null, { variantId, quantity: 2 });
  return cart.token!;
}

function post(path: string, body: unknown, bag: string) {
  addresses += 1;
  return app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `${CART_COOKIE}=${bag}`, "x-forwarded-for": `192.0.2.${addresses}` },
    body: JSON.stringify(body),
  });
}

/** The answer cleared the cart cookie, the customer's bag holds the guest's line, and the guest's bag is gone. */
async function expectBagJoined(response: Response, bag: string, customerId: number) {
  expect(response.status).toBe(200);
  expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(new RegExp(`^${CART_COOKIE}=;.*Max-Age=0`)));
  const own = await shop.services.cart.get(scope, { customerId });
  expect(own?.lines.map((line) => [line.variantId, line.quantity])).toEqual([[variantId, 2]]);
  expect(await shop.services.cart.get(scope, bag)).toBeNull();
}

describe("the guest's bag joins the customer's", () => {
  test("at sign-up through the content backend", async () => {
    const person = newPerson();
    const bag = await guestBag();
    const response = await post("/api/auth/local/register", person, bag);
    const { user } = (await response.clone().json()) as { user: { id: number } };
    await expectBagJoined(response, bag, user.id);
  });

  test("at login through the content backend", async () => {
    const person = newPerson();
    const { user } = (await (await post("/api/auth/local/register", person, "none")).json()) as { user: { id: number } };
    const bag = await guestBag();
    await expectBagJoined(
      await post("/api/auth/local", { identifier: person.email, password: person.password }, bag),
      bag,
      user.id,
    );
  });

  test("at login through the login API", async () => {
    const person = newPerson();
    const { user } = (await (await post("/api/auth/local/register", person, "none")).json()) as { user: { id: number } };
    const bag = await guestBag();
    await expectBagJoined(await post("/auth/login", { email: person.email, password: person.password }, bag), bag, user.id);
  });

  test("a login without a guest bag leaves the cart cookie alone", async () => {
    const person = newPerson();
    await post("/api/auth/local/register", person, "none");
    const response = await app.request("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.250" },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
