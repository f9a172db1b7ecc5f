import { afterAll, beforeAll, expect, test } from "vitest";
import type { PageContext } from "../../server/context.ts";
import { createCarts } from "../../server/modules/cart/index.ts";
import { testPageContext } from "../../tests/support/page-context.ts";
import { seededShop } from "../../tests/support/seeded-shop.ts";
import { bagAction } from "./bag-action.server.ts";
import { newBagsLimit } from "../../tests/support/cart-fixtures.ts";

let shop: Awaited<ReturnType<typeof seededShop>>;
let context: (ip: string) => PageContext;
let variantId: number;

beforeAll(async () => {
  shop = await seededShop(6);
  // An option in stock, found as a shopper would: the first product of the shop, then its options.
  const [card] = (await shop.services.catalog.featuredProducts()).filter((p) => p.inStock);
  const product = await shop.services.catalog.productDetail(card!.slug);
  variantId = product!.variants.find((v) => v.stock > 0)!.id;
  // One new bag per address, so the second address's second bag is refused.
  const cart = createCarts({ newBags: newBagsLimit(1) });
  context = (ip) => testPageContext({ ...shop, services: { ...shop.services, cart } }, { ip });
});

afterAll(async () => {
  await shop?.close();
});

const addToNewBag = (ip: string, js: boolean) =>
  bagAction(
    new Request("http://shop.test/bag", {
      method: "POST",
      body: new URLSearchParams({ intent: "add", variantId: String(variantId), quantity: "1", ...(js ? { js: "1" } : {}) }),
    }),
    context(ip),
  );

test("a page adding to a new bag past the address's limit says so: 429 with JavaScript, the bag's message without", async () => {
  const first = await addToNewBag("203.0.113.7", true);
  expect(first).toMatchObject({ data: { ok: true }, init: { headers: expect.any(Headers) } });

  const refused = await addToNewBag("203.0.113.7", true);
  expect(refused).toMatchObject({
    data: { ok: false, message: expect.stringMatching(/too many new bags/i) },
    init: { status: 429 },
  });

  // Without JavaScript the form lands on the bag, which shows the same message.
  const posted = (await addToNewBag("203.0.113.7", false)) as Response;
  expect(posted.status).toBe(303);
  expect(posted.headers.get("location")).toBe("/bag");
  expect(decodeURIComponent(posted.headers.get("set-cookie")!)).toMatch(/"kind":"error","message":"[^"]*too many new bags/i);

  // Another address still gets its bag.
  expect(await addToNewBag("198.51.100.20", true)).toMatchObject({ data: { ok: true } });
});
