import { expect, type Browser, type Page } from "@playwright/test";
import { addToBag, fillAddress, optionInStock } from "./e2e-checkout.ts";
import { newCustomer, newVisitor } from "./e2e-visitors.ts";
import { hydrated } from "./hydration.ts";

/*
 * The pages a designer reviews (issue 27's list): the screenshots script shoots them, and
 * key-pages.spec.ts checks each one's width and axe. Some need a shopper with a bag or an order: this
 * sets one up, a logged-in customer who has placed an order by bank transfer and has a line in
 * the bag again, beside a guest.
 */

export interface KeyPage {
  /** A short name, also the screenshot's file name. */
  name: string;
  path: string;
  /** Who looks: the guest, or the customer with an order and a bag. */
  page: Page;
  /** In the designer's review (issue 27's list, the screenshots); the rest are only checked. */
  review: boolean;
}

/** The first link on `path` whose address starts with `prefix`. */
async function firstLink(page: Page, path: string, prefix: string): Promise<string> {
  await page.goto(path);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
  if (!href) throw new Error(`${path} links to nothing under ${prefix}`);
  return href;
}

export async function keyPages(browser: Browser): Promise<{ pages: KeyPage[]; close: () => Promise<void> }> {
  const guestContext = await newVisitor(browser);
  const guest = await guestContext.newPage();
  const { context, page: customer } = await newCustomer(browser);

  // An order placed by bank transfer, then one more line in the bag.
  const option = await optionInStock(customer.request, 2, 0, "bags");
  await addToBag(context, option.id, 1);
  await customer.goto("/checkout");
  await hydrated(customer.getByRole("button", { name: "Place order" }));
  await fillAddress(customer);
  await customer.getByRole("button", { name: "Place order" }).click();
  await expect(customer.getByText("Thank you for your order!")).toBeVisible();
  const order = new URL(customer.url());
  await addToBag(context, option.id, 1);
  // Three products on the customer's compare list, as the compare page shows them to a shopper.
  const listing = (await (await customer.request.get("/ecommerce/products?in_stock=1&page_size=3")).json()) as {
    data: { id: number }[];
  };
  await context.addCookies([{ name: "compare", value: listing.data.map((p) => p.id).join("."), url: process.env.SHOP_URL! }]);

  const product = await firstLink(guest, "/shop/gloves", "/shop/gloves/");
  const post = await firstLink(guest, "/news-and-media/news", "/news-and-media/news/post/");
  const exclusive = await firstLink(guest, "/news-and-media/exclusives", "/news-and-media/exclusives/post/");
  const review: [string, string, Page][] = [
    ["home", "/", guest],
    ["shop", "/shop", guest],
    ["listing", "/shop/gloves", guest],
    ["product", product, guest],
    ["bag", "/bag", customer],
    ["checkout", "/checkout", customer],
    ["order", order.pathname + order.search, customer],
    ["account-orders", "/my-account/order-history", customer],
    ["membership", "/membership", guest],
    ["news", "/news-and-media", guest],
    ["post", post, guest],
    ["exclusive-guest", exclusive, guest],
    ["about", "/about", guest],
    ["not-found", "/no-such-page", guest],
  ];
  const checked: [string, string, Page][] = [
    ["sub-categories", "/shop/gloves/sub", guest],
    ["search", "/search?q=grip", guest],
    ["compare", "/compare-products", customer],
    ["login", "/login", guest],
    ["sign-up", "/sign-up", guest],
    ["account", "/my-account", customer],
    ["personal-details", "/my-account/personal-details", customer],
    ["delivery-addresses", "/my-account/delivery-addresses", customer],
    ["keepers-call", "/the-keepers-call", guest],
    ["xg", "/xg", guest],
    ["news-feed", "/news-and-media/news", guest],
    ["error", "/error", guest],
    ["communication-preferences", "/my-account/communication-preferences", customer],
  ];
  const pages: KeyPage[] = [
    ...review.map(([name, path, page]) => ({ name, path, page, review: true })),
    ...checked.map(([name, path, page]) => ({ name, path, page, review: false })),
  ];
  return {
    pages,
    close: async () => {
      await guestContext.close();
      await context.close();
    },
  };
}

/** Opens a key page and waits until a person would see it whole: its main content, hydrated. */
export async function openKeyPage(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page.locator("main"));
}
