import { expect, test, type Page } from "@playwright/test";
import { E2E_SOCIAL } from "../support/e2e-social.ts";
import { mailTo, mailsTo, newCustomer, newPerson, newVisitor, signUp } from "../support/e2e-visitors.ts";

// The login page's words for a wrong address or password (the login API keeps Strapi's).
const WRONG_LOGIN =
  "That e-mail address or user name and password don't match. Check them and try again, or reset your password.";

const notice = (page: Page) => page.getByTestId("site-notice");
const accountLink = (page: Page) => page.getByTestId("account-link");

async function logIn(page: Page, identifier: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail address or user name").fill(identifier);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

async function logOut(page: Page) {
  await page.goto("/my-account");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountLink(page)).toHaveAttribute("aria-label", "Log in");
}

test("sign up, confirm by mail, log out, log in, reset a forgotten password by mail, log in with it", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const person = newPerson();

  await signUp(page, person);
  await expect(page).toHaveURL(/\/$/);
  // A new account has no first name yet: the greeting names nobody rather than the user name.
  await expect(notice(page)).toContainText(`Welcome! We sent a link to ${person.email}`);
  await expect(accountLink(page)).toHaveAttribute("aria-label", "My account");
  // The notice was for that page once: going there and Back does not bring it again.
  await accountLink(page).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(notice(page)).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(notice(page)).toHaveCount(0);
  await page.goto("/my-account");
  await expect(page.getByTestId("confirm-reminder")).toContainText(person.email);

  const confirmation = await mailTo(person.email, /confirm/i);
  const confirmLink = confirmation.links.find((link) => link.includes("/api/auth/email-confirmation?confirmation="));
  expect(confirmLink).toBeDefined();
  await page.goto(confirmLink!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your e-mail address is confirmed");
  await page.goto("/my-account");
  await expect(page.getByText(`${person.email} (confirmed)`)).toBeVisible();
  await expect(page.getByTestId("confirm-reminder")).toHaveCount(0);

  await logOut(page);
  await expect(notice(page)).toHaveText("You have logged out.");

  await logIn(page, person.email.toUpperCase(), person.password);
  await expect(notice(page)).toHaveText("Welcome back.");
  await logOut(page);

  await page.goto("/forgot-password");
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("form-success")).toContainText(`If ${person.email} belongs to an account`);

  const reset = await mailTo(person.email, /reset/i);
  const resetLink = reset.links.find((link) => link.includes("/reset-password?code="));
  expect(resetLink).toBeDefined();
  await page.goto(resetLink!);
  const newPassword = `${person.password} again`;
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(notice(page)).toHaveText("Your password has been changed, and you are logged in.");
  await logOut(page);

  // The link worked once.
  await page.goto(resetLink!);
  await page.getByLabel("New password", { exact: true }).fill("yet another long phrase");
  await page.getByLabel("Repeat the new password").fill("yet another long phrase");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");

  await logIn(page, person.username, person.password);
  await expect(page.getByTestId("form-error")).toHaveText(WRONG_LOGIN);
  await logIn(page, person.username, newPassword);
  await expect(notice(page)).toHaveText("Welcome back.");
  await context.close();
});

test("a confirmation link that does not work says why: unknown, or too many tries from the connection", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const link = (code: string) => `/api/auth/email-confirmation?confirmation=${code}`;
  await page.goto(link("not-a-code"));
  await expect(page).toHaveURL(/\/confirm-email\?status=invalid$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link did not work");
  await expect(page.getByRole("alert")).toContainText("invalid, has been used already, or has expired");
  await expect(page.getByRole("link", { name: "Ask for a new one" })).toHaveAttribute("href", "/recover-user");
  // Ten tries in 15 minutes from one address (one made above); the eleventh is held back.
  for (let attempt = 2; attempt <= 10; attempt += 1) await page.request.get(link(`guess-${attempt}`), { maxRedirects: 0 });
  await page.goto(link("guess-11"));
  await expect(page).toHaveURL(/\/confirm-email\?status=retry$/);
  await expect(page.getByRole("alert")).toHaveText(
    "Too many attempts from your connection. Please wait a few minutes, then follow the link in the mail again.",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  await context.close();
});

test("guards run on the server: a guest is sent to log in and brought back; a customer skips the guest pages", async ({
  browser,
}) => {
  const context = await newVisitor(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  const person = newPerson();

  const response = await page.goto("/my-account/communication-preferences");
  // The protected page never reached the browser: the first answer was the redirect.
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/my-account\/communication-preferences$/);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("User name").fill(person.username);
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // Back where the visitor was sent away from.
  await expect(page).toHaveURL(/\/my-account\/communication-preferences$/);
  await expect(page.getByRole("heading", { level: 1, name: "Communication preferences" })).toBeVisible();

  for (const guestPage of ["/login", "/sign-up", "/forgot-password"]) {
    await page.goto(guestPage);
    await expect(page).toHaveURL(/\/$/);
  }

  // Log out, log in, and reset a forgotten password, all without JavaScript.
  await page.goto("/my-account");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByTestId("account-link")).toHaveAttribute("aria-label", "Log in");
  await page.goto("/login");
  await page.getByLabel("E-mail address or user name").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByTestId("site-notice")).toHaveText("Welcome back.");
  await page.goto("/my-account");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  const reset = await mailTo(person.email, /reset/i);
  await page.goto(reset.links.find((link) => link.includes("/reset-password?code="))!);
  await page.getByLabel("New password", { exact: true }).fill("a new phrase without scripts");
  await page.getByLabel("Repeat the new password").fill("a new phrase without scripts");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByTestId("site-notice")).toHaveText("Your password has been changed, and you are logged in.");
  await context.close();
});

test("forms say what is wrong beside the field, and the sixth failed login in five minutes is refused", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const person = newPerson();

  await signUp(page, { ...person, password: "password123" });
  await expect(page.getByText("This password is too common: choose one that is harder to guess.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  // Keyboard and screen-reader users are taken to the field at fault.
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByLabel("User name")).toHaveValue(person.username);

  // Every field at fault is marked at once.
  await signUp(page, { username: "", email: "", password: "" });
  await expect(page.getByText("Use at least 3 characters for your user name.")).toBeVisible();
  await expect(page.getByText("Enter your e-mail address.")).toBeVisible();
  await expect(page.getByText("Choose a password.")).toBeVisible();
  await expect(page.getByLabel("User name")).toBeFocused();

  await signUp(page, person);
  await expect(notice(page)).toContainText("Welcome");
  await logOut(page);

  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await logIn(page, person.email, `wrong guess ${attempt}`);
    await expect(page.getByTestId("form-error")).toHaveText(WRONG_LOGIN);
  }
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("form-error")).toHaveText("Too many attempts. Please wait a few minutes and try again.");
  await context.close();
});

test("social login: to the provider and back, logged in with the provider's verified address", async ({ browser }) => {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  // The address the provider's round trip ends at, with the token in it.
  const landings: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("access_token=")) landings.push(request.url());
  });
  await page.goto("/login");
  await page.getByRole("link", { name: `Continue with ${E2E_SOCIAL.label}` }).click();
  // The provider signs the person in and sends the browser back through /login?access_token=…
  await expect(page).toHaveURL(/\/$/);
  await expect(notice(page)).toContainText("Welcome");
  await page.goto("/my-account");
  await expect(page.getByText(`${E2E_SOCIAL.account.email} (confirmed)`)).toBeVisible();
  // No password yet: the account area offers to set one by mail instead of asking for it.
  await page.goto("/my-account/personal-details");
  await page.getByRole("button", { name: "Mail me a link to set a password" }).first().click();
  await expect(page.getByText(`We sent a link to ${E2E_SOCIAL.account.email} to set your password.`)).toBeVisible();
  await mailTo(E2E_SOCIAL.account.email, /reset/i);
  await logOut(page);

  // The same link sent to someone else does not log them in to this account (login CSRF).
  expect(landings).toHaveLength(1);
  const stranger = await newVisitor(browser);
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(landings[0]!);
  await expect(strangerPage.getByTestId("social-error")).toContainText(`Logging in with ${E2E_SOCIAL.label} did not work`);
  await expect(accountLink(strangerPage)).toHaveAttribute("aria-label", "Log in");
  await stranger.close();
  await context.close();
});

test("a page on another site cannot log a customer out", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  const crossSite = await page.request.post("/logout", { headers: { origin: "https://evil.example" }, maxRedirects: 0 });
  expect(crossSite.status()).toBe(403);
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/my-account$/);
  await context.close();
});

test("the guest's bag joins the customer's bag at login, and the customer is told", async ({ browser }) => {
  // The customer's own bag, filled while logged in.
  const { context, page, person } = await newCustomer(browser);
  const listing = (await (await page.request.get("/ecommerce/products?in_stock=1&page_size=40")).json()) as {
    data: { slug: string }[];
  };
  const options: { id: number; stock: number }[] = [];
  for (const { slug } of listing.data) {
    const product = (await (await page.request.get(`/ecommerce/products/${slug}`)).json()) as {
      data: { variants: { id: number; stock: number }[] };
    };
    const option = product.data.variants.find((v) => v.stock >= 5);
    if (option) options.push(option);
    if (options.length === 2) break;
  }
  expect(options).toHaveLength(2);
  const add = (variantId: number, quantity: number) =>
    page.request.post("/bag", {
      form: { intent: "add", variantId, quantity },
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
  expect((await add(options[0]!.id, 1)).status()).toBe(303);
  await logOut(page);

  // As a guest, a new bag; then logging in merges it.
  expect((await add(options[0]!.id, 2)).status()).toBe(303);
  expect((await add(options[1]!.id, 1)).status()).toBe(303);
  await page.goto("/bag");
  await expect(page.getByTestId("bag-items")).toHaveText("3");
  await logIn(page, person.username, person.password);
  await expect(notice(page)).toContainText("Your bag is kept.");
  await expect(page.getByTestId("bag-count")).toHaveText("4");
  await page.goto("/bag");
  await expect(page.getByTestId("bag-items")).toHaveText("4");
  await expect(page.getByTestId("bag-line")).toHaveCount(2);
  // Logged out, the browser holds no bag: the customer's stays with the account.
  await logOut(page);
  await page.goto("/bag");
  await expect(page.getByText("Your bag is empty.")).toBeVisible();
  await context.close();
});

test("the development outbox page does not exist in production", async ({ page }) => {
  const response = await page.goto("/dev/outbox");
  expect(response?.status()).toBe(404);
});

test("when the token's expiry has passed, the next page view logs the visitor out with a toast", async ({ browser }) => {
  const { context, page } = await newCustomer(browser);
  // The browser's copy of the expiry (SPEC §9) says the token ran out a second ago.
  await context.addCookies([
    { name: "auth._token_expiration.local", value: String(Date.now() - 1000), url: new URL(page.url()).origin },
  ]);
  await page.goto("/shop");
  await expect(page.getByRole("status").filter({ hasText: "Your session has ended. Please log in again." })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountLink(page)).toHaveAttribute("aria-label", "Log in");
  await context.close();
});

test("the login form takes a strategy: the login API's works, others answer SPEC §8's messages", async ({ browser }) => {
  const { context, page, person } = await newCustomer(browser);
  await logOut(page);
  const origin = new URL(page.url()).origin;
  const tryStrategy = (strategy: string) =>
    page.request.post("/login", {
      form: { identifier: person.username, password: person.password, strategy },
      headers: { origin },
      maxRedirects: 0,
    });

  for (const [strategy, message] of [
    ["", "No strategy is set!"],
    ["github", "Strategy github is not defined!"],
    [E2E_SOCIAL.provider, `Strategy not supported: ${E2E_SOCIAL.provider}`],
  ]) {
    const response = await tryStrategy(strategy!);
    expect(response.status(), strategy).toBe(400);
    expect(await response.text()).toContain(message);
  }

  const loginApi = await tryStrategy("loginApi");
  expect(loginApi.status()).toBe(303);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "auth.strategy")?.value).toBe("loginApi");
  expect(cookies.find((c) => c.name === "auth._token.loginApi")).toMatchObject({ httpOnly: true });
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/my-account$/);
  await context.close();
});

test("recover an account: a new confirmation link, or the user name, by mail; the same words for an unknown address", async ({
  browser,
}) => {
  const { context, page, person } = await newCustomer(browser);
  await logOut(page);

  await page.goto("/recover-user");
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByRole("button", { name: "Send me my user name" }).click();
  await expect(page.getByTestId("form-success")).toHaveText(
    `If ${person.email} belongs to an account, we have sent it the account's user name.`,
  );
  const reminder = await mailTo(person.email, /your .* account/i);
  expect(reminder.text).toContain(`Your user name is "${person.username}"`);

  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByRole("button", { name: "Send a new confirmation link" }).click();
  await expect(page.getByTestId("form-success")).toContainText("a new confirmation link is on its way");
  // The sign-up's mail and this one: the newer link confirms the address.
  await expect.poll(() => mailsTo(person.email, /confirm/i).length).toBe(2);
  const link = mailsTo(person.email, /confirm/i)[1]!.links.find((l) => l.includes("email-confirmation"))!;
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your e-mail address is confirmed");

  // An unknown address gets the same answer (that it gets no mail is checked in auth.db.test.ts).
  const stranger = `nobody.${person.email}`;
  await page.goto("/recover-user");
  await page.getByLabel("E-mail address").fill(stranger);
  await page.getByRole("button", { name: "Send me my user name" }).click();
  await expect(page.getByTestId("form-success")).toHaveText(
    `If ${stranger} belongs to an account, we have sent it the account's user name.`,
  );
  await context.close();
});
