import { and, eq, inArray, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { queryRows } from "../../db/client.ts";
import { cartLines, carts, mailJobs, orders, promoCodes, promoRedemptions, users, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { hashCartToken, MAX_LINE_QUANTITY } from "../../modules/cart/index.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { CHECKOUT_RULES, UNPAID_UNITS } from "../../modules/checkout/limits.ts";
import { ecommerceApi } from "./ecommerce.ts";
import { DUTCH_ADDRESS } from "../../../tests/support/orders.ts";

/*
 * Issue 22 §2-4 as it was reproduced, through the shop API (POST /ecommerce/orders, PATCH
 * /ecommerce/carts) and the one use case behind it, on the real database: hoarding a category,
 * order mails to anyone's mailbox, guessing promo codes, a code used up by a membership (ADR 50).
 * Each test speaks from addresses of its own (X-Forwarded-For behind one trusted proxy).
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
let options: number[];
let networks = 0;

beforeAll(async () => {
  shop = await seededShop(40);
  app = shopApp(shop, { trustProxy: 1 });
  app.route("/ecommerce", ecommerceApi());
  // Fifty options (a bag holds at most fifty), each with more stock than a bag line may hold.
  options = await stockedOptions(shop.database.db, 50);
  await shop.database.db.update(variants).set({ stock: 500 }).where(inArray(variants.id, options));
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

/** A client address no other test uses. */
const newNetwork = () => `203.0.113.${++networks}`;

interface Answer {
  status: number;
  headers: Headers;
  body: {
    data: { id: string; number: string; lines: { quantity: number }[] } & Record<string, unknown>;
    error?: { status: number; message: string; details: Record<string, unknown> };
  };
}

async function call(
  method: string,
  path: string,
  from: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.request(path, {
    method,
    headers: { "x-forwarded-for": from, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer["body"] };
}

/** A guest bag made from `from`, holding `quantity` of each option named. */
async function bag(from: string, items: [variantId: number, quantity: number][]): Promise<string> {
  const created = await call("POST", "/ecommerce/carts", from);
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  for (const [variantId, quantity] of items) {
    const added = await call("POST", `/ecommerce/carts/${id}/lines`, from, { variantId, quantity });
    expect(added.status, added.body.error?.message).toBe(201);
  }
  return id;
}

/** Gives the bag `to` the lines of the bag `from` (both by their API ids). */
async function copyLines(from: string, to: string): Promise<void> {
  const [source, target] = await Promise.all(
    [from, to].map(async (token) => {
      const [row] = await shop.database.db.select({ id: carts.id }).from(carts).where(eq(carts.tokenHash, hashCartToken(token)));
      return row!.id;
    }),
  );
  await shop.database.db.execute(
    sql`insert into cart_lines (cart_id, variant_id, quantity) select ${target}, variant_id, quantity from cart_lines where cart_id = ${source}`,
  );
}

/** A Dutch address: the Netherlands has no province line (ADR 49). */
const ADDRESS = DUTCH_ADDRESS;

let keys = 0;
const placeOrder = (from: string, cartId: string, email: string, extra: Record<string, unknown> = {}) =>
  call(
    "POST",
    "/ecommerce/orders",
    from,
    { cartId, email, shippingAddress: ADDRESS, deliveryMethod: "home-standard", ...extra },
    { "idempotency-key": `limits-${++keys}-key` },
  );

/** Units of goods the orders placed hold (each answered 201 with its lines). */
const unitsHeld = (answers: Answer[]) =>
  answers
    .filter((answer) => answer.status === 201)
    .flatMap((answer) => answer.body.data.lines)
    .reduce((sum, line) => sum + line.quantity, 0);

const mailsTo = async (address: string) =>
  (await shop.database.db.select({ to: mailJobs.to }).from(mailJobs).where(eq(mailJobs.to, address))).length;

describe("hoarding (issue 22 §2)", () => {
  test("ten orders from one address within a minute, each of a bag as full as it takes, hold at most 200 units in all", async () => {
    const from = newNetwork();
    // The attack: min(stock, 99) of each option. The bag now takes at most 10 of one.
    const tooMany = await call("POST", `/ecommerce/carts/${await bag(from, [])}/lines`, from, {
      variantId: options[0],
      quantity: 99,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.message).toBe(`You can order at most ${MAX_LINE_QUANTITY} of one option.`);
    // So it fills ten bags with as much as each takes: fifty options of ten. The first is filled
    // through the API; the other nine get the same lines written straight to the database, as 450
    // more requests would (filling bags is not what this test is about: placing them is).
    const first = await bag(
      from,
      options.map((id) => [id, MAX_LINE_QUANTITY]),
    );
    const copies = await Promise.all(Array.from({ length: 9 }, () => bag(from, [])));
    for (const copy of copies) await copyLines(first, copy);
    const full = [first, ...copies];
    const answers = await Promise.all(full.map((cartId, i) => placeOrder(from, cartId, `hoard${i}@example.invalid`)));
    expect(unitsHeld(answers)).toBeLessThanOrEqual(200);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(429);
      expect(answer.body.error?.message).toMatch(/at most \d+ items/);
    }

    // Then bags as large as one buyer may hold, under ten mailboxes, at once: the address's cap holds.
    const most = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        bag(
          from,
          options.slice(n * 4, n * 4 + 4).map((id) => [id, UNPAID_UNITS.perBuyer / 4] as [number, number]),
        ),
      ),
    );
    const placed = await Promise.all(most.map((cartId, i) => placeOrder(from, cartId, `hoarder${i}@example.invalid`)));
    expect(placed.filter((a) => a.status === 201).length).toBe(Math.floor(UNPAID_UNITS.perAddress / UNPAID_UNITS.perBuyer));
    expect(unitsHeld([...answers, ...placed])).toBeLessThanOrEqual(200);
    const refused = placed.find((a) => a.status !== 201)!;
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toMatch(/^Orders waiting for payment from your network hold \d+ items/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("twenty orders of one to three units each from one address within a few minutes all go through", async () => {
    const from = newNetwork();
    const bags = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bag(from, [[options[(i * 7) % options.length]!, (i % 3) + 1]])),
    );
    const answers = await Promise.all(bags.map((cartId, i) => placeOrder(from, cartId, `colleague${i}@school.example`)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 201));
  });

  test("a buyer's unpaid orders hold at most their cap; paying one frees its share", async () => {
    const email = `club${networks}@example.com`;
    const first = await placeOrder(
      newNetwork(),
      await bag(newNetwork(), [
        [options[0]!, 10],
        [options[1]!, 10],
        [options[2]!, 10],
      ]),
      email,
    );
    expect(first.status).toBe(201);
    // Another connection, the same mailbox (a +tag is the same one): 30 held, 10 more may wait, not 20.
    const second = await placeOrder(
      newNetwork(),
      await bag(newNetwork(), [
        [options[3]!, 10],
        [options[4]!, 10],
      ]),
      email.replace("@", "+2@"),
    );
    expect(second.status).toBe(429);
    expect(second.body.error?.message).toBe(
      `Your orders waiting for payment hold 30 items, and at most ${UNPAID_UNITS.perBuyer} may wait at once: pay for an earlier order first, or order fewer items.`,
    );
    await shop.services.staff.markPaid(systemScope(shop.database.db), first.body.data.number);
    const again = await placeOrder(
      newNetwork(),
      await bag(newNetwork(), [
        [options[3]!, 10],
        [options[4]!, 10],
      ]),
      email,
    );
    expect(again.status).toBe(201);
  });

  test("a line above the per-option cap (a bag filled before it) is refused at checkout, naming the line", async () => {
    const from = newNetwork();
    const cartId = await bag(from, [[options[5]!, 1]]);
    // As a bag kept from before the cap was lowered holds it.
    await shop.database.db.update(cartLines).set({ quantity: 40 }).where(eq(cartLines.variantId, options[5]!));
    const answer = await placeOrder(from, cartId, "old-bag@example.com");
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toMatch(
      new RegExp(`^You can order at most ${MAX_LINE_QUANTITY} of one option: lower the quantity of `),
    );
    expect(answer.body.error?.details).toMatchObject({ reason: "line-limit", wanted: 40, available: MAX_LINE_QUANTITY });
  });
});

describe("mail abuse (issue 22 §3)", () => {
  test("12 guest orders to one mailbox in a second send at most 5 mails; the others are refused, never placed unmailed", async () => {
    const bags = await Promise.all(
      Array.from({ length: 12 }, () => newNetwork()).map(async (from) => ({ from, cartId: await bag(from, [[options[6]!, 1]]) })),
    );
    const spellings = ["victim@example.com", "Victim@Example.com", "victim+1@example.com"];
    const answers = await Promise.all(bags.map(({ from, cartId }, i) => placeOrder(from, cartId, spellings[i % 3]!)));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(CHECKOUT_RULES.mailsToMailbox.limit);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(429);
      expect(refused.body.error?.message).toMatch(
        /^We have sent many order confirmations to this e-mail address in the last hour/,
      );
    }
    const addresses = [...new Set(spellings.map((s) => s.toLowerCase()))];
    const mails = (await Promise.all(addresses.map(mailsTo))).reduce((a, b) => a + b, 0);
    expect(mails).toBe(CHECKOUT_RULES.mailsToMailbox.limit);
    // Every order placed was confirmed: as many mails as orders.
    const [{ n }] = (await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from ${orders} where email in ('victim@example.com', 'victim+1@example.com')`,
    )) as [{ n: number }];
    expect(n).toBe(mails);
  });

  test("a customer ordering to their own confirmed address is never refused by it; to another's, they are", async () => {
    const [own] = await shop.database.db
      .insert(users)
      .values({ username: "mailcapowner", email: "owner@example.com", confirmed: true })
      .returning({ id: users.id });
    const scope = systemScope(shop.database.db, { ip: newNetwork() });
    const order = async (email: string) => {
      await shop.services.cart.addLine(scope, { customerId: own!.id }, { variantId: options[7]!, quantity: 1 });
      return shop.services.checkout
        .placeOrder(
          scope,
          { customerId: own!.id, bag: { customerId: own!.id } },
          { email, shippingAddress: ADDRESS, deliveryMethod: "home-standard" },
        )
        .then(
          () => "placed",
          (error: { code: string }) => error.code,
        );
    };
    for (let i = 0; i < 7; i++) expect(await order("Owner@example.com")).toBe("placed");
    expect(await mailsTo("owner@example.com")).toBe(7);
    const toOther = [];
    for (let i = 0; i < 7; i++) toOther.push(await order("someone-else@example.com"));
    expect(toOther).toEqual([...Array(5).fill("placed"), "TOO_MANY_REQUESTS", "TOO_MANY_REQUESTS"]);
  });

  test(`orders from one address: ${CHECKOUT_RULES.ordersFromAddress.limit} an hour, then 429`, async () => {
    const from = newNetwork();
    const limit = CHECKOUT_RULES.ordersFromAddress.limit;
    const bags = await Promise.all(Array.from({ length: limit + 1 }, () => bag(from, [[options[8]!, 1]])));
    const answers = [];
    for (const [i, cartId] of bags.entries()) answers.push(await placeOrder(from, cartId, `office${i}@example.com`));
    expect(answers.slice(0, limit).every((a) => a.status === 201)).toBe(true);
    expect(answers[limit]!.status).toBe(429);
    expect(answers[limit]!.body.error?.message).toBe(
      "Too many orders from your network in the last hour. Please try again later.",
    );
  });
});

describe("promo codes (issue 22 §3-4)", () => {
  test("205 guesses on one bag in a row hit the limit: 429 with Retry-After and a clear message", async () => {
    const from = newNetwork();
    const cartId = await bag(from, [[options[9]!, 1]]);
    const statuses: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < 205; i++) {
      last = await call("PATCH", `/ecommerce/carts/${cartId}`, from, {
        country: "NL",
        deliveryMethod: "home-standard",
        promoCode: `GUESS${i}`,
      });
      statuses.push(last.status);
    }
    const limit = CHECKOUT_RULES.promoForBag.limit;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses.slice(limit)).toEqual(Array(205 - limit).fill(429));
    expect(last!.body.error?.message).toMatch(/^Too many promo codes tried\. Please wait \d+ minutes? before trying another\.$/);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // A real code is not looked at either while the limit holds.
    expect((await call("PATCH", `/ecommerce/carts/${cartId}`, from, { country: "NL", promoCode: "WELCOME10" })).status).toBe(429);
  });

  test("guesses spread over new bags hit the limit per address; a good code checked again and again counts nothing", async () => {
    const from = newNetwork();
    const statuses: number[] = [];
    for (let b = 0; b < 8; b++) {
      const cartId = await bag(from, [[options[10]!, 1]]);
      for (let i = 0; i < 10; i++) {
        statuses.push(
          (await call("PATCH", `/ecommerce/carts/${cartId}`, from, { country: "NL", promoCode: `TRY${b}X${i}` })).status,
        );
      }
    }
    const limit = CHECKOUT_RULES.promoFromAddress.limit;
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(400));
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);

    const shopper = newNetwork();
    const cartId = await bag(shopper, [[options[10]!, 1]]);
    for (let i = 0; i < CHECKOUT_RULES.promoForBag.limit * 2; i++) {
      const kept = await call("PATCH", `/ecommerce/carts/${cartId}`, shopper, {
        country: "NL",
        deliveryMethod: "home-standard",
        promoCode: "WELCOME10",
      });
      expect(kept.status).toBe(200);
    }
  });

  test("a real code refused for its terms (minimum spend) and priced again at every change counts nothing; its answer says why", async () => {
    await shop.database.db
      .insert(promoCodes)
      .values({ code: "BIGSPEND", kind: "amount", value: 500, minimumSpend: 10_000_000 })
      .onConflictDoNothing();
    const shopper = newNetwork();
    const cartId = await bag(shopper, [[options[11]!, 1]]);
    for (let i = 0; i < CHECKOUT_RULES.promoForBag.limit * 2; i++) {
      const priced = await call("PATCH", `/ecommerce/carts/${cartId}`, shopper, {
        country: "NL",
        deliveryMethod: "home-standard",
        promoCode: "BIGSPEND",
      });
      expect({ i, status: priced.status, reason: priced.body.error?.details.reason }).toEqual({
        i,
        status: 400,
        reason: "minimum-spend",
      });
    }
    // Unknown codes on the same bag are still guesses, counted from the first.
    const guess = await call("PATCH", `/ecommerce/carts/${cartId}`, shopper, { country: "NL", promoCode: "NOSUCHCODE" });
    expect(guess.body.error?.details.reason).toBe("unknown");
  });

  test("WELCOME10 used by promo1@example.com is refused for promo1+x@example.com and p.romo1's Gmail spellings", async () => {
    const used = await placeOrder(newNetwork(), await bag(newNetwork(), [[options[11]!, 1]]), "promo1@example.com", {
      promoCode: "WELCOME10",
    });
    expect(used.status).toBe(201);
    const again = await placeOrder(newNetwork(), await bag(newNetwork(), [[options[11]!, 1]]), "promo1+x@example.com", {
      promoCode: "WELCOME10",
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.details).toMatchObject({ reason: "already-used" });

    await placeOrder(newNetwork(), await bag(newNetwork(), [[options[11]!, 1]]), "promo.two@gmail.com", {
      promoCode: "WELCOME10",
    });
    const gmail = await placeOrder(newNetwork(), await bag(newNetwork(), [[options[11]!, 1]]), "PromoTwo+shop@googlemail.com", {
      promoCode: "WELCOME10",
    });
    expect(gmail.body.error?.details).toMatchObject({ reason: "already-used" });
  });

  test("a membership-plan-only order with WELCOME10 is refused with a reason, and the code stays unused", async () => {
    const [row] = await shop.database.db
      .insert(users)
      .values({ username: "planonly", email: "plan-only@example.com", firstName: "Pat" })
      .returning({ id: users.id });
    const customerId = row!.id;
    const scope = systemScope(shop.database.db, { ip: newNetwork() });
    const buyer = { customerId, bag: { customerId } };
    await shop.services.cart.putMembership(scope, { customerId }, { plan: "pro" });
    const body = { email: "plan-only@example.com", shippingAddress: ADDRESS };
    await expect(shop.services.checkout.placeOrder(scope, buyer, { ...body, promoCode: "WELCOME10" })).rejects.toMatchObject({
      code: "PROMO_REFUSED",
      details: { reason: "no-discount" },
      message: "Promo codes take money off items, and this order has none: remove the code to continue.",
    });
    const quote = await shop.services.checkout.quote(scope, buyer, { country: "NL", promoCode: "WELCOME10" });
    expect(quote.promoError?.details).toMatchObject({ reason: "no-discount" });
    await shop.services.checkout.placeOrder(scope, buyer, body);
    const redemptions = await shop.database.db
      .select()
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.redeemer, `customer:${customerId}`)));
    expect(redemptions).toEqual([]);
    // Later, with goods, the code still takes its 10 % off.
    await shop.services.cart.addLine(scope, { customerId }, { variantId: options[12]!, quantity: 1 });
    const { order } = await shop.services.checkout.placeOrder(scope, buyer, {
      ...body,
      deliveryMethod: "home-standard",
      promoCode: "WELCOME10",
    });
    expect(order.discount).toBeGreaterThan(0);
  });
});
