import { expect, test, type APIRequestContext } from "@playwright/test";
import { addToBag, fillAddress } from "../support/e2e-checkout.ts";
import { newCustomer, newVisitor } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";

/*
 * Member prices (issue 12 §3, ADR 41) in the browser: a guest sees "Members pay X" on a product
 * with a member price; a customer who joins the free plan sees and pays it, in the bag, at
 * checkout and on the order, which says what membership saved them.
 */

interface Option {
  id: number;
  price: number;
  memberPrice: number | null;
  stock: number;
}

/** An option with a member price and stock, from the end of the accessories (no other spec shops there). */
async function memberPricedOption(request: APIRequestContext) {
  const listing = (await (await request.get("/ecommerce/products?in_stock=1&category=accessories&page_size=60")).json()) as {
    data: { slug: string }[];
  };
  for (const { slug } of [...listing.data].reverse()) {
    const product = (
      (await (await request.get(`/ecommerce/products/${slug}`)).json()) as {
        data: { name: string; categorySlug?: string; variants: Option[] };
      }
    ).data;
    const option = product.variants.find((v) => v.memberPrice !== null && v.memberPrice < v.price && v.stock >= 3);
    if (option) return { ...option, memberPrice: option.memberPrice!, name: product.name, slug };
  }
  throw new Error("no accessory with a member price in stock");
}

const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;

test("a member pays the member price in the bag and the order; a guest is told what members pay", async ({ browser }) => {
  const guestContext = await newVisitor(browser);
  const guest = await guestContext.newPage();
  const option = await memberPricedOption(guest.request);
  await guest.goto(`/shop/accessories/${option.slug}`);
  await expect(guest.getByText(`Members pay ${money(option.memberPrice)}`).first()).toBeVisible();

  const { context, page } = await newCustomer(browser);
  await page.goto("/membership");
  const join = page.getByTestId("plan-club").getByRole("button", { name: /^Join .*free$/ });
  await hydrated(join);
  await join.click();
  await expect(page).toHaveURL(/\/membership-world$/);

  await addToBag(context, option.id, 2);
  await page.goto("/bag");
  const line = page.getByTestId("bag-line").filter({ hasText: option.name });
  await expect(line.getByText("Member price")).toBeVisible();
  await expect(line.locator(".price-sale").first()).toHaveText(money(option.memberPrice));

  await page.getByTestId("checkout-link").click();
  await hydrated(page.getByRole("button", { name: "Place order" }));
  await fillAddress(page);
  await page.getByRole("radio", { name: /Express delivery/ }).check();
  await expect(page.getByTestId("checkout-total")).toHaveText(money(2 * option.memberPrice + 995));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Thank you for your order!")).toBeVisible();
  await expect(page.getByTestId("order-member-savings")).toHaveText(money(2 * (option.price - option.memberPrice)));
  await expect(page.getByTestId("order-totals")).toContainText(`Total${money(2 * option.memberPrice + 995)}`);
  await Promise.all([guestContext.close(), context.close()]);
});
