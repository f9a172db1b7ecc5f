import { eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemScope } from "../../lib/scope.ts";
import { products, variants } from "../../db/schema/index.ts";
import { createCarts, MAX_BAG_LINES } from "../../modules/cart/index.ts";
import { stockedOptions, newBagsLimit } from "../../../tests/support/cart-fixtures.ts";
import { graphqlApp, postGraphQL, seededShop, type GraphQLResponseBody } from "../../../tests/support/graphql-harness.ts";

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
/** Two options of one product, with 3 and 5 in stock. */
let first: { id: number; price: number; sku: string };
let second: { id: number; price: number; sku: string };
let withdrawn: number;

beforeAll(async () => {
  shop = await seededShop(12);
  const db = shop.database.db;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      sql`${products.published} and not ${products.membersOnly} and (select count(*) from variants v where v.product_id = ${products.id}) >= 2`,
    )
    .orderBy(products.id)
    .limit(1);
  const options = await db
    .select({ id: variants.id, price: variants.price, sku: variants.sku })
    .from(variants)
    .where(eq(variants.productId, product!.id))
    .orderBy(variants.id)
    .limit(2);
  [first, second] = [options[0]!, options[1]!];
  await db.update(variants).set({ stock: 3 }).where(eq(variants.id, first.id));
  await db.update(variants).set({ stock: 5 }).where(eq(variants.id, second.id));
  const [other] = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.id} <> ${product!.id}`)
    .limit(1);
  await db.update(products).set({ published: false }).where(eq(products.id, other!.id));
  const [hiddenVariant] = await db.select({ id: variants.id }).from(variants).where(eq(variants.productId, other!.id)).limit(1);
  withdrawn = hiddenVariant!.id;
  app = graphqlApp(shop);
});

afterAll(async () => {
  await shop?.close();
});

const CART_FIELDS = `
  id
  itemCount
  subtotal { amount currency }
  savings { amount currency }
  lines { id variantId sku quantity unitPrice { amount currency } lineTotal { amount } available problem options { variantId } }
`;

interface CartBody {
  id: string;
  itemCount: number;
  subtotal: { amount: number; currency: string };
  savings: { amount: number; currency: string };
  lines: {
    id: string;
    variantId: string;
    sku: string;
    quantity: number;
    unitPrice: { amount: number; currency: string };
    lineTotal: { amount: number };
    available: boolean;
    problem: string | null;
    options: { variantId: string }[];
  }[];
}

const MUTATIONS = {
  create: `mutation Create { createCart { ${CART_FIELDS} } }`,
  add: `mutation Add($cartId: ID, $variantId: ID!, $quantity: Int) { addCartLine(cartId: $cartId, variantId: $variantId, quantity: $quantity) { ${CART_FIELDS} } }`,
  update: `mutation Update($cartId: ID, $lineId: ID!, $quantity: Int, $variantId: ID) { updateCartLine(cartId: $cartId, lineId: $lineId, quantity: $quantity, variantId: $variantId) { ${CART_FIELDS} } }`,
  remove: `mutation Remove($cartId: ID, $lineId: ID!) { removeCartLine(cartId: $cartId, lineId: $lineId) { ${CART_FIELDS} } }`,
  read: `query Read($id: ID) { cart(id: $id) { ${CART_FIELDS} } }`,
};

async function run(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return postGraphQL<Record<string, CartBody | null>>(app, { query, variables }, headers);
}

/** The one field's value of a successful answer. */
function cartOf(body: GraphQLResponseBody<Record<string, CartBody | null>>): CartBody {
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0]!;
}

const eur = (amount: number) => ({ amount, currency: "EUR" });

describe("a bag named by its id", () => {
  test("create, add, change quantity and option, remove: prices and totals come from the shop", async () => {
    const created = await run(MUTATIONS.create);
    const empty = cartOf(created.body);
    expect(empty).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      itemCount: 0,
      subtotal: eur(0),
      savings: eur(0),
      lines: [],
    });
    // A bag asked for by id is the client's business: no cookie.
    expect(created.response.headers.get("set-cookie")).toBeNull();
    const cartId = empty.id;

    const added = cartOf((await run(MUTATIONS.add, { cartId, variantId: String(first.id), quantity: 2 })).body);
    expect(added.id).toBe(cartId);
    expect(added.itemCount).toBe(2);
    expect(added.subtotal).toEqual(eur(2 * first.price));
    expect(added.lines).toEqual([
      expect.objectContaining({
        variantId: String(first.id),
        sku: first.sku,
        quantity: 2,
        unitPrice: eur(first.price),
        lineTotal: { amount: 2 * first.price },
        available: true,
        problem: null,
      }),
    ]);
    expect(added.lines[0]!.options.map((option) => option.variantId)).toEqual(
      expect.arrayContaining([String(first.id), String(second.id)]),
    );
    const lineId = added.lines[0]!.id;

    const more = cartOf((await run(MUTATIONS.update, { cartId, lineId, quantity: 3 })).body);
    expect(more.lines[0]!.quantity).toBe(3);
    expect(more.subtotal).toEqual(eur(3 * first.price));

    const switched = cartOf((await run(MUTATIONS.update, { cartId, lineId, variantId: String(second.id) })).body);
    expect(switched.lines).toEqual([
      expect.objectContaining({ id: lineId, variantId: String(second.id), quantity: 3, unitPrice: eur(second.price) }),
    ]);

    const read = cartOf((await run(MUTATIONS.read, { id: cartId })).body);
    expect(read).toEqual(switched);

    const removed = cartOf((await run(MUTATIONS.remove, { cartId, lineId })).body);
    expect(removed).toMatchObject({ id: cartId, itemCount: 0, lines: [], subtotal: eur(0) });
  });

  test("a price cannot be sent: the mutations have no such argument", async () => {
    const cartId = cartOf((await run(MUTATIONS.create)).body).id;
    const { body } = await postGraphQL(app, {
      query: `mutation { addCartLine(cartId: "${cartId}", variantId: "${first.id}", quantity: 1, price: 1) { id } }`,
    });
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.message).toBe('Unknown argument "price" on field "Mutation.addCartLine".');
  });

  test("the module's refusals become errors with codes a client can act on", async () => {
    const cartId = cartOf((await run(MUTATIONS.create)).body).id;
    const lineId = cartOf((await run(MUTATIONS.add, { cartId, variantId: String(first.id), quantity: 1 })).body).lines[0]!.id;
    const unknownBag = "A".repeat(32);
    const cases: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
      [
        MUTATIONS.add,
        { cartId, variantId: String(first.id), quantity: 3 },
        { code: "NOT_ENOUGH_STOCK", available: 2, inBag: 1 },
        "Sorry, only 2 more can be added: your bag already holds 1.",
      ],
      [
        MUTATIONS.update,
        { cartId, lineId, quantity: 4 },
        { code: "NOT_ENOUGH_STOCK", available: 3, inBag: 0 },
        "Sorry, only 3 left in stock.",
      ],
      [
        MUTATIONS.add,
        { cartId, variantId: "999999" },
        { code: "VARIANT_NOT_FOUND", variantId: 999999 },
        "This option is not available.",
      ],
      [
        MUTATIONS.add,
        { cartId, variantId: String(withdrawn) },
        { code: "VARIANT_NOT_FOUND", variantId: withdrawn },
        "This option is not available.",
      ],
      [
        MUTATIONS.update,
        { cartId, lineId: "999999", quantity: 1 },
        { code: "CART_LINE_NOT_FOUND", lineId: 999999 },
        "This item is no longer in the bag.",
      ],
      [
        MUTATIONS.remove,
        { cartId, lineId: "999999" },
        { code: "CART_LINE_NOT_FOUND", lineId: 999999 },
        "This item is no longer in the bag.",
      ],
      [
        MUTATIONS.add,
        { cartId: unknownBag, variantId: String(first.id) },
        { code: "CART_NOT_FOUND" },
        "This bag does not exist.",
      ],
      [MUTATIONS.update, { cartId: unknownBag, lineId, quantity: 1 }, { code: "CART_NOT_FOUND" }, "This bag does not exist."],
      [MUTATIONS.remove, { cartId: "not a token", lineId }, { code: "CART_NOT_FOUND" }, "This bag does not exist."],
      [
        MUTATIONS.add,
        { cartId, variantId: String(first.id), quantity: 0 },
        { code: "BAD_USER_INPUT", argument: "quantity" },
        "Quantity must be at least 1.",
      ],
      [
        MUTATIONS.add,
        { cartId, variantId: String(first.id), quantity: 11 },
        { code: "BAD_USER_INPUT", argument: "quantity" },
        "You can order at most 10 of one option.",
      ],
      [
        MUTATIONS.add,
        { cartId, variantId: "abc" },
        { code: "BAD_USER_INPUT", argument: "variantId" },
        "The option must be a number.",
      ],
      [
        MUTATIONS.update,
        { cartId, lineId: "-1", quantity: 1 },
        { code: "BAD_USER_INPUT", argument: "lineId" },
        "The line must be 1 or more.",
      ],
      [
        MUTATIONS.update,
        { cartId, lineId },
        { code: "BAD_USER_INPUT", argument: "quantity" },
        "Give a quantity or an option to change.",
      ],
    ];
    for (const [mutation, variables, extensions, message] of cases) {
      const { response, body } = await run(mutation, variables);
      const label = `${mutation.slice(9, 16)} ${JSON.stringify(variables)}`;
      expect(response.status, label).toBe(200);
      expect(body.data, label).toBeNull();
      expect(body.errors, label).toEqual([expect.objectContaining({ message, extensions: expect.objectContaining(extensions) })]);
    }
    // None of it changed the bag.
    const bag = cartOf((await run(MUTATIONS.read, { id: cartId })).body);
    expect(bag.lines).toEqual([expect.objectContaining({ id: lineId, quantity: 1 })]);
  });

  test(`a bag holding ${MAX_BAG_LINES} different options refuses another with BAG_FULL`, async () => {
    const options = await stockedOptions(shop.database.db, MAX_BAG_LINES + 1);
    const cartId = cartOf((await run(MUTATIONS.create)).body).id;
    for (const variantId of options.slice(0, MAX_BAG_LINES)) {
      expect((await run(MUTATIONS.add, { cartId, variantId: String(variantId) })).body.errors).toBeUndefined();
    }
    const { response, body } = await run(MUTATIONS.add, { cartId, variantId: String(options[MAX_BAG_LINES]) });
    expect(response.status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: `Sorry, a bag holds at most ${MAX_BAG_LINES} different items: remove one to add another.`,
        extensions: { code: "BAG_FULL" },
      }),
    ]);
    // More of an option already in the bag is no new line: still fine.
    const more = cartOf((await run(MUTATIONS.add, { cartId, variantId: String(options[0]) })).body);
    expect(more.lines).toHaveLength(MAX_BAG_LINES);
  });

  test("a bag that does not exist reads as null", async () => {
    for (const id of ["A".repeat(32), "short", ""]) {
      const { body } = await run(MUTATIONS.read, { id });
      expect(body, id).toEqual({ data: { cart: null } });
    }
  });
});

describe("the shopper's bag, from the cart cookie", () => {
  test("the first add makes the bag and sets the cookie; later calls use and renew it", async () => {
    expect((await run(MUTATIONS.read)).body).toEqual({ data: { cart: null } });

    const first_ = await run(MUTATIONS.add, { variantId: String(first.id), quantity: 1 });
    const bag = cartOf(first_.body);
    const cookie = first_.response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^cart_token=[A-Za-z0-9_-]{32}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/);
    // The token stays in the HttpOnly cookie: GraphQL does not give it to scripts.
    expect(bag.id).toBeNull();
    const token = /^cart_token=([^;]+)/.exec(cookie)![1]!;
    const withCookie = { cookie: `theme=dark; cart_token=${token}` };

    expect(cartOf((await run(MUTATIONS.read, {}, withCookie)).body)).toEqual(bag);

    const again = await run(MUTATIONS.add, { variantId: String(second.id), quantity: 2 }, withCookie);
    const grown = cartOf(again.body);
    expect(grown.id).toBeNull();
    expect(grown.lines[0]).toEqual(bag.lines[0]);
    expect(grown.itemCount).toBe(3);
    expect(again.response.headers.get("set-cookie")).toBe(cookie);

    const updated = await run(MUTATIONS.update, { lineId: grown.lines[1]!.id, quantity: 1 }, withCookie);
    expect(cartOf(updated.body).itemCount).toBe(2);
    expect(updated.response.headers.get("set-cookie")).toBe(cookie);

    const removed = await run(MUTATIONS.remove, { lineId: grown.lines[0]!.id }, withCookie);
    expect(cartOf(removed.body).itemCount).toBe(1);
    expect(removed.response.headers.get("set-cookie")).toBe(cookie);

    // An id given explicitly wins over the cookie, and leaves the cookie alone.
    const other = cartOf((await run(MUTATIONS.create)).body);
    const explicit = await run(MUTATIONS.read, { id: other.id }, withCookie);
    expect(cartOf(explicit.body).id).toBe(other.id);
    expect(explicit.response.headers.get("set-cookie")).toBeNull();
  });

  test("changing a line without any bag is CART_NOT_FOUND", async () => {
    const { body } = await run(MUTATIONS.update, { lineId: "1", quantity: 1 });
    expect(body.errors).toEqual([expect.objectContaining({ extensions: { code: "CART_NOT_FOUND" } })]);
  });

  test("the cookie is Secure when the shop runs on https", async () => {
    const secure = graphqlApp(shop, { publicUrl: "https://shop.example" });
    const { response } = await postGraphQL(secure, { query: MUTATIONS.add, variables: { variantId: String(second.id) } });
    expect(response.headers.get("set-cookie")).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });
});

describe("a logged-in customer's bag", () => {
  test("is the account's own bag, as on the pages: no cart cookie is made, and the cookie's guest bag is left alone", async () => {
    const opened = await shop.services.accounts.register(systemScope(shop.database.db, { ip: "192.0.2.77" }), {
      username: "graphqlbag",
      email: "graphql.bag@example.com",
      password: "green gloves graph dive",
    });
    const bearer = { authorization: `Bearer ${opened.jwt}` };
    const added = await postGraphQL<{ addCartLine: CartBody }>(
      app,
      {
        query: `mutation { addCartLine(variantId: "${second.id}", quantity: 2) { ${CART_FIELDS} } }`,
      },
      bearer,
    );
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data?.addCartLine.itemCount).toBe(2);
    expect(added.body.data?.addCartLine.id).toBeNull();
    expect(added.response.headers.get("set-cookie")).toBeNull();
    expect(await shop.services.cart.count(systemScope(shop.database.db), { customerId: opened.user.id })).toBe(2);

    const read = await postGraphQL<{ cart: CartBody | null }>(app, { query: `{ cart { ${CART_FIELDS} } }` }, bearer);
    expect(read.body.data?.cart?.itemCount).toBe(2);
    // Without the session: no bag.
    expect((await postGraphQL<{ cart: CartBody | null }>(app, { query: `{ cart { itemCount } }` })).body.data?.cart).toBeNull();
  });
});

test("too many new bags from one address answer TOO_MANY_REQUESTS with the seconds to wait", async () => {
  const newBags = newBagsLimit(1);
  const limited = graphqlApp({ ...shop, services: { ...shop.services, cart: createCarts({ newBags }) } });
  expect((await postGraphQL(limited, { query: MUTATIONS.create })).body.errors).toBeUndefined();
  const { body } = await postGraphQL(limited, { query: MUTATIONS.create });
  expect(body.errors?.[0]?.extensions).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfterSeconds: expect.any(Number) });
});
