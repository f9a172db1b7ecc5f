import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectNoViolations } from "../support/axe.ts";
import { buyThroughApi, stockOf, type Variant } from "../support/e2e-checkout.ts";
import { DUTCH_ADDRESS } from "../support/orders.ts";
import { hydrated } from "../support/hydration.ts";
import { mailsTo, mailTo, newCustomer, newPerson, newVisitor } from "../support/e2e-visitors.ts";
import type { ReceivedMail } from "../support/smtp-peer.ts";

/*
 * Back-in-stock requests (issue 13 §1, ADR 47) as shoppers meet them: the product page's form on
 * a sold-out option with and without JavaScript, the confirmation mail and its cancel link (its
 * page, its one-click POST), and the one mail that comes when an order gives the option's stock
 * back (here a card payment that fails at the payment provider, the local fake of Stripe).
 */

const CATEGORY = "bags";
const CONFIRMATION = /^We will tell you when .* is back$/;
const BACK = /is back in stock$/;

/** This spec's tests: each (and each repetition of it) takes a product of its own. */
const TESTS = 2;

/**
 * The products test `which` may use in this repetition, in the order to try them, counted from the
 * end of the bags category in its featured order (which does not change as stock does; no other
 * spec buys there). Each worker (parallelIndex) has products of its own, so no two tests ever use
 * one product at the same time; each repetition starts at another of them. A test leaves its
 * option with one unit, which a later one on that product sells again.
 */
function ownProducts(which: number, products: number): number[] {
  const { config, parallelIndex, repeatEachIndex } = test.info();
  const workers = Math.max(config.workers, parallelIndex + 1);
  const rounds = Math.floor(products / (TESTS * workers));
  if (rounds === 0) {
    throw new Error(`The ${CATEGORY} category has fewer than ${TESTS * workers} products: this spec needs ${TESTS} per worker`);
  }
  return Array.from({ length: rounds }, (_, k) => (((repeatEachIndex + k) % rounds) * workers + parallelIndex) * TESTS + which);
}

interface OwnOption extends Variant {
  name: string;
  slug: string;
}

/**
 * The option with the fewest units left (1 or more) of the first of the test's products that has
 * one: the demo shop has products sold out from the start, and a product shows stock up to 10 s
 * old (ADR 19), so the unit a test just gave back may not show yet. Selling it out takes few orders.
 */
async function ownOption(request: APIRequestContext, which: number): Promise<OwnOption> {
  const listing = (await (await request.get(`/ecommerce/products?category=${CATEGORY}&page_size=60`)).json()) as {
    data: { slug: string }[];
  };
  const slugs = [...listing.data].reverse().map((product) => product.slug);
  for (const index of ownProducts(which, slugs.length)) {
    const slug = slugs[index]!;
    const product = (
      (await (await request.get(`/ecommerce/products/${slug}`)).json()) as { data: { name: string; variants: Variant[] } }
    ).data;
    const [option] = product.variants.filter((v) => v.stock > 0).sort((a, b) => a.stock - b.stock);
    if (option) return { ...option, name: product.name, slug };
  }
  throw new Error(`None of this test's ${CATEGORY} products has anything in stock`);
}

/**
 * Sells the option out as other shoppers would: all but the last unit by bank transfer, the last
 * by card, its payment page left open. `giveBack` fails that payment: the provider tells the shop,
 * which cancels the order and puts the unit back on sale.
 */
async function soldOut(browser: Browser, which: number) {
  const others = await newVisitor(browser);
  const { request } = others;
  const option = await ownOption(request, which);
  for (let left = await stockOf(request, option); left > 1; left = await stockOf(request, option)) {
    await buyThroughApi(request, option.id, Math.min(left - 1, 99));
  }
  const paymentPage = await buyByCard(request, option.id);
  expect(await stockOf(request, option)).toBe(0);
  return {
    option,
    async giveBack() {
      const failed = await request.post(`${paymentPage}/fail`, { maxRedirects: 0 });
      expect(failed.status()).toBeGreaterThanOrEqual(300);
      await others.close();
    },
  };
}

/** One unit bought by card through the shop API; answers the payment page's address. */
async function buyByCard(request: APIRequestContext, variantId: number): Promise<string> {
  const cart = (await (await request.post("/ecommerce/carts")).json()) as { data: { id: string } };
  expect((await request.post(`/ecommerce/carts/${cart.data.id}/lines`, { data: { variantId, quantity: 1 } })).status()).toBe(201);
  const placed = await request.post("/ecommerce/orders", {
    data: {
      cartId: cart.data.id,
      email: `card-${Date.now()}@example.com`,
      shippingAddress: DUTCH_ADDRESS,
      deliveryMethod: "home-standard",
      paymentMethod: "stripe",
    },
  });
  expect(placed.status()).toBe(201);
  const { data } = (await placed.json()) as { data: { payment: { card: { url: string | null } | null } } };
  expect(data.payment.card?.url).toBeTruthy();
  return data.payment.card!.url!;
}

const productPath = (option: OwnOption, withVariant = true) =>
  `/shop/${CATEGORY}/${option.slug}${withVariant ? `?variant=${option.id}` : ""}`;

/**
 * Opens the product page until it shows what the shop has now: a product page may show stock up to
 * 10 s old (ADR 19), so a shopper arriving just after the last unit sold may still see it.
 */
async function openWhenShown(page: Page, path: string, shown: (page: Page) => Promise<void>) {
  await expect(async () => {
    await page.goto(path);
    await shown(page);
  }).toPass({ timeout: 20_000 });
}

/** The frames a page sends on its live connection from now on (as live-updates.spec.ts reads them). */
function liveFramesOf(page: Page): string[] {
  const sent: string[] = [];
  page.on("websocket", (ws) => {
    if (new URL(ws.url()).pathname === "/graphql") ws.on("framesent", (frame) => sent.push(String(frame.payload)));
  });
  return sent;
}

/** The cancel link of a request's mail, after checking it is its one-click List-Unsubscribe too. */
function cancelLinkOf(mail: ReceivedMail): string {
  const link = mail.links.find((l) => l.includes("/back-in-stock/cancel?token="));
  expect(link).toBeDefined();
  expect(mail.headers["list-unsubscribe"]).toBe(`<${link}>`);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  return link!;
}

const optionWords = (option: OwnOption) =>
  `${option.name} (${/^one size$/i.test(option.size) ? option.size : `size ${option.size}`}, ${option.colour})`;

test("with JavaScript: a guest and a customer ask on the sold-out option; each gets a confirmation, and one mail when it is back", async ({
  browser,
}) => {
  const { option, giveBack } = await soldOut(browser, 0);
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const stock = page.locator(".stock-message");
  await openWhenShown(page, productPath(option), () => expect(stock).toHaveText("Out of stock", { timeout: 2000 }));
  // Loaded once more with its live connection watched: the page that stays open is this one.
  const sent = liveFramesOf(page);
  await page.reload();
  await expect(stock).toHaveText("Out of stock");
  const form = page.getByTestId("back-in-stock");
  const ask = form.getByRole("button", { name: "Email me when it's back" });
  await hydrated(ask);
  await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await expectNoViolations(page);

  const message = page.getByTestId("back-in-stock-message");
  await form.getByLabel("Your e-mail").fill("not an address");
  await ask.click();
  await expect(form.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(form.getByLabel("Your e-mail")).toBeFocused();
  await expect(form.getByLabel("Your e-mail")).toHaveAttribute("aria-invalid", "true");

  const { email } = newPerson();
  await form.getByLabel("Your e-mail").fill(email);
  await ask.click();
  const thanks = `Thank you: we will e-mail ${email} once ${optionWords(option)} is back. Our confirmation mail has a link to cancel the request.`;
  await expect(message).toHaveText(thanks);
  await expect(message).toHaveAttribute("aria-live", "polite");
  // Asking twice is no error, sends nothing more, and tells a guest nothing new: whoever types an
  // address may not own it. (The answer is the same text: wait for the second one to arrive.)
  const second = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/shop/${CATEGORY}/`));
  await ask.click();
  expect((await second).status()).toBe(200);
  await expect(message).toHaveText(thanks);
  // The page stayed: no navigation.
  await expect(page).toHaveURL(new RegExp(`${productPath(option).replace("?", "\\?")}$`));

  const confirmation = await mailTo(email, CONFIRMATION);
  expect(confirmation.subject).toBe(`We will tell you when ${option.name} is back`);
  expect(confirmation.text).toContain(`You asked to be told when ${optionWords(option)} is back in stock`);
  cancelLinkOf(confirmation);

  // A customer asks for their account's address: the field shows it and cannot be changed.
  const customer = await newCustomer(browser);
  await openWhenShown(customer.page, productPath(option), (p) =>
    expect(p.locator(".stock-message")).toHaveText("Out of stock", { timeout: 2000 }),
  );
  const customerForm = customer.page.getByTestId("back-in-stock");
  await hydrated(customerForm.getByRole("button", { name: "Email me when it's back" }));
  await expect(customerForm.getByLabel("Your e-mail")).toHaveValue(customer.person.email);
  await expect(customerForm.getByLabel("Your e-mail")).not.toBeEditable();
  await customerForm.getByRole("button", { name: "Email me when it's back" }).click();
  await expect(customer.page.getByTestId("back-in-stock-message")).toContainText(`we will e-mail ${customer.person.email} once`);
  // The outbox sends in the order mails were written: with the customer's confirmation here, one
  // for the guest's second ask (written before it) would have come already.
  await mailTo(customer.person.email, CONFIRMATION);
  expect(mailsTo(email, CONFIRMATION)).toHaveLength(1);
  // Asking again for their own address, a customer is told it is on the list already.
  await customerForm.getByRole("button", { name: "Email me when it's back" }).click();
  await expect(customer.page.getByTestId("back-in-stock-message")).toHaveText(
    `${customer.person.email} is already on the list for ${optionWords(option)}: we will e-mail once it is back.`,
  );

  // The option comes back while the guest's page is open: the page follows, and the mail comes
  // (the release wakes the back-in-stock sweep as soon as it commits).
  await expect.poll(() => sent.some((frame) => frame.includes('"subscribe"') && frame.includes("stockChanged"))).toBe(true);
  await giveBack();
  await expect(stock).toHaveText("Only 1 left");
  await expect(page.getByRole("button", { name: "Add to bag" })).toBeEnabled();
  await expect(form).toHaveCount(0);

  for (const to of [email, customer.person.email]) {
    const back = await mailTo(to, BACK);
    expect(back.subject).toBe(`${option.name} is back in stock`);
    expect(back.text).toContain(`Good news: ${optionWords(option)} is back in stock`);
    expect(back.links).toContain(`${process.env.SHOP_URL}${productPath(option)}`);
    cancelLinkOf(back);
  }
  // That each request is mailed once, however many sweeps run, is the database tests' to show
  // (stock-alerts.db.test.ts): here a duplicate could still be on its way.
  // The mail's link opens the page on the option, which can be bought again.
  const link = (await mailTo(email, BACK)).links.find((l) => l.includes(`/shop/${CATEGORY}/`))!;
  await openWhenShown(page, link, () => expect(stock).toHaveText("Only 1 left", { timeout: 2000 }));
  await expect(page.getByRole("button", { name: "Add to bag" })).toBeEnabled();
  await Promise.all([context.close(), customer.context.close()]);
});

test("without JavaScript: the page's form asks and the page answers; the mailed link cancels in a separate visit, and only the other request is mailed", async ({
  browser,
  playwright,
}) => {
  const { option, giveBack } = await soldOut(browser, 1);
  const context = await newVisitor(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  // Opened on the product, not on the option: the form offers every sold-out option.
  const choice = page.getByRole("combobox", { name: "Sold-out option" });
  await openWhenShown(page, productPath(option, false), () =>
    expect(choice.locator(`option[value="${option.id}"]`)).toHaveCount(1, { timeout: 2000 }),
  );
  await expect(page.getByRole("radio")).toHaveCount(0);

  const [cancelling, staying] = [newPerson().email, newPerson().email];
  for (const email of [cancelling, staying]) {
    const form = page.getByTestId("back-in-stock");
    await choice.selectOption(String(option.id));
    await form.getByLabel("Your e-mail").fill(email);
    await form.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(page.getByTestId("back-in-stock-message")).toHaveText(
      `Thank you: we will e-mail ${email} once ${optionWords(option)} is back. Our confirmation mail has a link to cancel the request.`,
    );
  }

  // Another site's form is refused before any page runs (server/http/cross-site-writes.ts), whether
  // its Origin or its Sec-Fetch-Site says so. Refusals of the form itself come back as the page
  // with the form's message, never its error page: a post that is not this form, text the shop
  // cannot store.
  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    context.request.post(productPath(option), { form, headers, maxRedirects: 0 });
  const fromElsewhere = await post(
    { intent: "back-in-stock", variantId: String(option.id), email: newPerson().email },
    { "sec-fetch-site": "same-site" },
  );
  expect(fromElsewhere.status()).toBe(403);
  expect(await fromElsewhere.text()).toBe("Cross-site requests are not allowed.");
  const notThisForm = await post({ intent: "add", variantId: String(option.id) });
  expect(notThisForm.status()).toBe(400);
  expect(await notThisForm.text()).toContain("Please use the form on this page.");
  const withNul = await post({ intent: "back-in-stock", variantId: String(option.id), email: "nul\u0000@example.com" });
  expect(withNul.status()).toBe(400);
  expect(await withNul.text()).toContain("Text may not contain control characters such as NUL.");

  // The confirmation's link, opened later from the mail (no cookies): the page asks, its button cancels.
  const cancel = cancelLinkOf(await mailTo(cancelling, CONFIRMATION));
  const reader = await newVisitor(browser, { javaScriptEnabled: false });
  const linkPage = await reader.newPage();
  await linkPage.goto(cancel);
  await expect(linkPage.getByRole("heading", { level: 1 })).toHaveText("Cancel your back-in-stock request");
  await expect(linkPage.getByTestId("request-state")).toContainText(`once ${optionWords(option)} is back in stock`);
  await expect(linkPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await linkPage.getByRole("button", { name: "Cancel the request" }).click();
  await expect(linkPage.getByRole("heading", { level: 1 })).toHaveText("Your request is cancelled");
  await expect(linkPage.getByTestId("form-success")).toContainText(`no more mail about ${optionWords(option)}`);
  await linkPage.goto(cancel);
  await expect(linkPage.getByTestId("form-error")).toContainText("This link no longer works");

  await giveBack();
  // Both requests' mails would be written in one transaction of the sweep, the cancelled one's first
  // (it asked first): once the other's has arrived, none is coming for the cancelled one.
  const back = await mailTo(staying, BACK);
  expect(mailsTo(cancelling, BACK)).toEqual([]);

  // A mail client's one-click POST (RFC 8058) with the link's token alone forgets the ended request.
  const mailClient = await playwright.request.newContext();
  const oneClick = await mailClient.post(cancelLinkOf(back), {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(200);
  expect(oneClick.headers()["cache-control"]).toBe("private, no-store");
  expect(await oneClick.text()).toContain("Your request is cancelled");
  const again = await mailClient.post(cancelLinkOf(back), { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(again.status()).toBe(400);
  await mailClient.dispose();
  await Promise.all([context.close(), reader.close()]);
});
