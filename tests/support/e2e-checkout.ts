import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { MAX_LINE_QUANTITY } from "../../server/modules/cart/limits.ts";
import { hydrated } from "./hydration.ts";
import { DUTCH_ADDRESS } from "./orders.ts";

/* What the shopping specs share: an option to buy, putting it in the bag, a Dutch address typed in, prices read. */

export interface Variant {
  id: number;
  size: string;
  colour: string;
  stock: number;
  price: number;
}

/**
 * An option in stock with at least `minStock` left, from the shop API; each test takes its own
 * product. Buying takes stock, which other specs read on the same server at the same time: these
 * come from the end of a category no other spec shops in (protection unless told).
 */
export async function optionInStock(
  request: APIRequestContext,
  minStock: number,
  skip: number,
  category = "protection",
): Promise<Variant & { name: string; slug: string; categorySlug: string }> {
  const listing = (await (await request.get(`/ecommerce/products?in_stock=1&category=${category}&page_size=60`)).json()) as {
    data: { slug: string }[];
  };
  let seen = 0;
  for (const { slug } of [...listing.data].reverse()) {
    const product = (
      (await (await request.get(`/ecommerce/products/${slug}`)).json()) as { data: { name: string; variants: Variant[] } }
    ).data;
    const option = product.variants.find((v) => v.stock >= minStock);
    if (option && seen++ >= skip) return { ...option, name: product.name, slug, categorySlug: category };
  }
  throw new Error(`no option with ${minStock} in stock`);
}

/** Puts an option in the bag as a form without JavaScript would: the page's context keeps the cart cookie. */
export async function addToBag(holder: { request: APIRequestContext }, variantId: number, quantity = 1) {
  const answer = await holder.request.post("/bag", { form: { intent: "add", variantId, quantity }, maxRedirects: 0 });
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toBe("/bag");
}

/** A shown price ("€24.90") as a number of euros. */
export const euros = (text: string) => Number(text.replace(/[^\d.]/g, ""));

export async function fillAddress(page: Page) {
  await page.getByLabel("First name").fill("Iris");
  await page.getByLabel("Last name").fill("de Vries");
  await page.getByLabel("Street and house number").fill("Keizersgracht 1");
  // A Dutch address (the form's first country): postcode and town, no province (ADR 49).
  await page.getByLabel("Postcode").fill("1015 CJ");
  await page.getByLabel("Town or city").fill("Amsterdam");
}

/** What the shop API says is left of an option now. */
export async function stockOf(request: APIRequestContext, option: { id: number; slug: string }): Promise<number> {
  const product = (await (await request.get(`/ecommerce/products/${option.slug}`)).json()) as { data: { variants: Variant[] } };
  return product.data.variants.find((v) => v.id === option.id)!.stock;
}

let shoppers = 0;

/**
 * Buys `quantity` of an option through the shop API, as other shoppers would: orders of at most
 * what one order may hold of an option, each from a shopper of its own (their own address and
 * mailbox), so that the shop's per-address and per-buyer limits (ADR 50) never refuse them.
 */
export async function buyThroughApi(request: APIRequestContext, variantId: number, quantity: number) {
  for (let left = quantity; left > 0; left -= MAX_LINE_QUANTITY) {
    shoppers += 1;
    // An IPv6 network of its own per shopper (keyed by /64), per worker and process.
    const from = `2001:db8:${(Number(process.env.TEST_WORKER_INDEX ?? 0) % 65536).toString(16)}:${(shoppers % 65536).toString(16)}::1`;
    const headers = { "x-forwarded-for": from };
    const cart = (await (await request.post("/ecommerce/carts", { headers })).json()) as { data: { id: string } };
    const units = Math.min(left, MAX_LINE_QUANTITY);
    const added = await request.post(`/ecommerce/carts/${cart.data.id}/lines`, { data: { variantId, quantity: units }, headers });
    expect(added.status()).toBe(201);
    const bought = await request.post("/ecommerce/orders", {
      data: {
        cartId: cart.data.id,
        email: `quick-${process.pid}-${shoppers}-${Date.now()}@example.com`,
        shippingAddress: DUTCH_ADDRESS,
        deliveryMethod: "home-standard",
      },
      headers,
    });
    expect(bought.status()).toBe(201);
  }
}

/** Euros as the shop and Stripe's page both show them ("€12.95"). */
export const euro = (minor: number) => new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(minor / 100);

/** Standard delivery in the Netherlands (fillAddress): €4.95, free from €50 of items. */
export const standardDelivery = (items: number) => (items >= 5000 ? 0 : 495);

/**
 * Fills the checkout for one item of `option` by card and places the order; answers the order's
 * number as Stripe's page (the fake's) shows it, once that page asks for exactly the order's total.
 */
export async function placeByCard(page: Page, option: { price: number }, email: string | null, javaScriptEnabled: boolean) {
  await page.goto("/checkout");
  if (javaScriptEnabled) await hydrated(page.getByRole("button", { name: "Place order" }));
  if (email) await page.getByLabel("E-mail address").fill(email);
  await fillAddress(page);
  await page.getByRole("radio", { name: /Card or wallet/ }).check();
  const total = euro(option.price + standardDelivery(option.price));
  await expect(page.getByTestId("checkout-total")).toHaveText(total);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: `Pay ${total}` })).toBeVisible();
  const reference = page.getByText(/KS-\d+/);
  await expect(reference).toBeVisible();
  return /KS-\d+/.exec((await reference.textContent())!)![0];
}
