import { expect, type Browser, type Page } from "@playwright/test";
import { addToBag, fillAddress, optionInStock } from "./e2e-checkout.ts";
import { newCustomer, newVisitor } from "./e2e-visitors.ts";
import { hydrated } from "./hydration.ts";

/*
 * The pages a designer reviews (issue 27's list): the screenshots script shoots them, and the
 * layout and accessibility specs check each one. Some need a shopper with a bag or an order: this
 * sets one up, a logged-in customer who has placed an order by bank transfer and has a line in
 * the bag again, beside a guest.
 */

export interface KeyPage {
  /** A short name, also the screenshot's file name. */
  name: string;
  path: string;
  /** Who looks: the guest, or the customer with an order and a bag. */
  page: Page;
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

  const product = await firstLink(guest, "/shop/gloves", "/shop/gloves/");
  const post = await firstLink(guest, "/news-and-media/news", "/news-and-media/news/post/");
  const exclusive = await firstLink(guest, "/news-and-media/exclusives", "/news-and-media/exclusives/post/");
  const pages: KeyPage[] = [
    { name: "home", path: "/", page: guest },
    { name: "shop", path: "/shop", page: guest },
    { name: "listing", path: "/shop/gloves", page: guest },
    { name: "product", path: product, page: guest },
    { name: "bag", path: "/bag", page: customer },
    { name: "checkout", path: "/checkout", page: customer },
    { name: "order", path: order.pathname + order.search, page: customer },
    { name: "account-orders", path: "/my-account/order-history", page: customer },
    { name: "membership", path: "/membership", page: guest },
    { name: "news", path: "/news-and-media", page: guest },
    { name: "post", path: post, page: guest },
    { name: "exclusive-guest", path: exclusive, page: guest },
    { name: "about", path: "/about", page: guest },
    { name: "not-found", path: "/no-such-page", page: guest },
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
