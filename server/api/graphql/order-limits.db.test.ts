import type { Hono } from "hono";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { ShopEnv } from "../../context.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { CHECKOUT_RULES } from "../../modules/checkout/limits.ts";
import { graphqlApp, postGraphQL, seededShop } from "../../../tests/support/graphql-harness.ts";
import { DUTCH_ADDRESS } from "../../../tests/support/orders.ts";

/* Issue 22 §3 over GraphQL: placeOrder is the one use case, so its order-mail cap holds here too (ADR 50). */

let shop: Awaited<ReturnType<typeof seededShop>>;
let app: Hono<ShopEnv>;
let option: number;

beforeAll(async () => {
  shop = await seededShop(6);
  app = graphqlApp(shop, { trustProxy: 1 });
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

async function guestCart(from: string): Promise<string> {
  const headers = { "x-forwarded-for": from };
  const created = await postGraphQL<{ createCart: { id: string } }>(app, { query: "mutation { createCart { id } }" }, headers);
  const cartId = created.body.data!.createCart.id;
  await postGraphQL(
    app,
    {
      query:
        "mutation($cartId: ID!, $variantId: ID!) { addCartLine(cartId: $cartId, variantId: $variantId, quantity: 1) { id } }",
      variables: { cartId, variantId: String(option) },
    },
    headers,
  );
  return cartId;
}

test("guest orders to one mailbox over GraphQL: five are placed and mailed, the sixth is TOO_MANY_REQUESTS", async () => {
  const codes: (string | null)[] = [];
  for (let i = 0; i < CHECKOUT_RULES.mailsToMailbox.limit + 1; i++) {
    const from = `198.51.100.${i + 1}`;
    const cartId = await guestCart(from);
    const placed = await postGraphQL<{ placeOrder: { number: string } }>(
      app,
      {
        query: "mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { number } }",
        variables: {
          input: {
            cartId,
            email: i % 2 ? "gql-victim+shop@example.com" : "GQL-Victim@example.com",
            shippingAddress: DUTCH_ADDRESS,
            deliveryMethod: "home-standard",
          },
        },
      },
      { "x-forwarded-for": from },
    );
    codes.push((placed.body.errors?.[0]?.extensions?.code as string | undefined) ?? null);
  }
  expect(codes).toEqual([...Array(CHECKOUT_RULES.mailsToMailbox.limit).fill(null), "TOO_MANY_REQUESTS"]);
});
