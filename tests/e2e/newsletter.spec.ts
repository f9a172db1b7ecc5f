import { expect, test, type Page } from "@playwright/test";
import { mailTo, newPerson, newVisitor } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";

/*
 * The newsletter (ADR 40) as a visitor meets it: the footer's sign-up form with and without
 * JavaScript, the confirmation mail's link and its page's button, the welcome mail with its
 * one-click unsubscribe headers, and the unsubscribe page.
 */

const CHECK_INBOX = "Check your inbox to confirm your subscription.";
const footerForm = (page: Page) => page.getByRole("contentinfo").getByTestId("newsletter-signup");

/** Opens the confirmation mail's link and presses its button; the page says the address is subscribed. */
async function confirmByMail(page: Page, email: string) {
  const mail = await mailTo(email, /^Confirm your subscription/);
  const link = mail.links.find((l) => l.includes("/newsletter/confirm?token="));
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  await expect(page.getByTestId("form-success")).toContainText(email);
}

/** The welcome mail's unsubscribe address, after checking it is in its one-click headers as in its text. */
async function unsubscribeLinkOfWelcome(email: string) {
  const welcome = await mailTo(email, /^Welcome to the/);
  const link = welcome.links.find((l) => l.includes("/newsletter/unsubscribe?token="));
  expect(link).toBeDefined();
  expect(welcome.headers["list-unsubscribe"]).toBe(`<${link}>`);
  expect(welcome.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  return link!;
}

test("with JavaScript: the footer's form answers beside itself, the mailed link confirms, the unsubscribe page's button unsubscribes", async ({
  browser,
}) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const { email } = newPerson();
  await page.goto("/shop");
  const form = footerForm(page);
  await hydrated(form.getByRole("button", { name: "Subscribe" }));

  await form.getByLabel("Your e-mail").fill("not an address");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(form.getByLabel("Your e-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Your e-mail")).toBeFocused();

  await form.getByLabel("Your e-mail").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByTestId("newsletter-message")).toHaveText(CHECK_INBOX);
  await expect(form.getByLabel("Your e-mail")).toHaveValue("");
  await expect(page).toHaveURL(/\/shop$/);

  await confirmByMail(page, email);
  const unsubscribe = await unsubscribeLinkOfWelcome(email);

  // Opening the link only asks; the button unsubscribes.
  await page.goto(unsubscribe);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the newsletter");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
  await context.close();
});

test("without JavaScript: the form brings the visitor back with a notice; confirming and unsubscribing work as plain forms", async ({
  browser,
}) => {
  const context = await newVisitor(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  const { email } = newPerson();
  await page.goto("/compare-products");

  await footerForm(page).getByLabel("Your e-mail").fill("still not an address");
  await footerForm(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/compare-products$/);
  await expect(page.getByTestId("site-notice")).toContainText("Enter a valid e-mail address");

  await footerForm(page).getByLabel("Your e-mail").fill(email);
  await footerForm(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/compare-products$/);
  await expect(page.getByTestId("site-notice")).toHaveText(CHECK_INBOX);

  await confirmByMail(page, email);
  const unsubscribe = await unsubscribeLinkOfWelcome(email);
  await page.goto(unsubscribe);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
  await context.close();
});

test("a mail client's one-click POST unsubscribes with the link's token alone: no cookie, no form token", async ({
  browser,
  playwright,
}) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const { email } = newPerson();
  // Signed up through the shop API this time.
  const signUp = await page.request.post("/subscriptions", { data: { email, source: "launch" } });
  expect(signUp.status()).toBe(202);
  expect(await signUp.json()).toEqual({ data: { status: "pending" }, meta: {} });
  await confirmByMail(page, email);
  const unsubscribe = await unsubscribeLinkOfWelcome(email);

  const mailClient = await playwright.request.newContext();
  const oneClick = await mailClient.post(unsubscribe, {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(200);
  expect(oneClick.headers()["cache-control"]).toBe("private, no-store");
  expect(await oneClick.text()).toContain("You are unsubscribed");
  // A token that is not genuine unsubscribes nothing.
  const forged = await mailClient.post(`${unsubscribe}x`, { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(forged.status()).toBe(400);
  await mailClient.dispose();

  // The pages are for the people who got the mail, not for search engines.
  await page.goto(unsubscribe);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await context.close();
});

test("a page on another site cannot post the sign-up form (403); the shop's own page can", async ({ request }) => {
  const email = newPerson().email;
  const form = { intent: "subscribe", source: "launch", email, returnTo: "/" };
  const crossSite = await request.post("/newsletter", {
    form,
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  // The shop's own form, from the shop's page, is taken.
  const own = await request.post("/newsletter", { form, headers: { origin: process.env.SHOP_URL! }, maxRedirects: 0 });
  expect(own.status()).toBe(303);
  await mailTo(email, /^Confirm your subscription/);
});
