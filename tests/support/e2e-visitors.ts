import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { hydrated } from "./hydration.ts";
import { readMailbox, type ReceivedMail } from "./smtp-peer.ts";

let visitors = 0;

/**
 * A browser context that speaks from its own address: the shop trusts one proxy hop, so the
 * X-Forwarded-For header is the visitor's address, and per-address rate limits stay per test.
 */
export async function newVisitor(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  visitors += 1;
  // Per worker (Playwright numbers them), so two workers never speak from one address.
  const address = `198.51.${Number(process.env.TEST_WORKER_INDEX ?? 0) % 250}.${visitors % 250}`;
  return browser.newContext({ ...options, extraHTTPHeaders: { "x-forwarded-for": address } });
}

let people = 0;

/** A person who does not have an account yet; the password is long and uncommon. */
export function newPerson() {
  people += 1;
  const id = `${process.pid}x${people}x${Date.now() % 100000}`;
  return { username: `keeper${id}`, email: `keeper${id}@example.com`, password: `blue gloves ${id} save` };
}

/**
 * Fills and sends the sign-up form for `person` (waiting for hydration first unless the page runs
 * without JavaScript). The caller checks what the shop answered.
 */
export async function signUp(page: Page, person: ReturnType<typeof newPerson>, options: { javaScriptEnabled?: boolean } = {}) {
  await page.goto("/sign-up");
  if (options.javaScriptEnabled !== false) await hydrated(page.getByRole("button", { name: "Create account" }));
  await page.getByLabel("User name").fill(person.username);
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

/**
 * A new customer, logged in, in a browser context of their own, on the home page. The account is
 * made through the content backend's sign-up API (a confirmation mail goes out, as after the
 * form) and the session is put in the browser's cookies as a login sets them (ADR 23): only the
 * sign-up and login tests go through the forms.
 */
export async function newCustomer(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await newVisitor(browser, options);
  const person = await loggedInCustomer(context);
  const page = await context.newPage();
  await page.goto("/");
  return { context, page, person };
}

/** A new account made through the sign-up API of the shop at `url`, logged in in `context`'s cookies. */
export async function loggedInCustomer(context: BrowserContext, url = process.env.SHOP_URL!) {
  const { person, jwt } = await registeredCustomer(context.request, url);
  await context.addCookies(sessionCookies(jwt, url));
  return person;
}

/** A new account made through the content backend's sign-up API, with its session token. */
export async function registeredCustomer(request: APIRequestContext, url = "", headers: Record<string, string> = {}) {
  const person = newPerson();
  const answer = await request.post(`${url}/api/auth/local/register`, {
    data: { username: person.username, email: person.email, password: person.password },
    headers,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { jwt } = (await answer.json()) as { jwt: string };
  return { person, jwt };
}

/** The cookies a login with the `local` strategy sets for `jwt` (server/modules/accounts/cookies.ts). */
function sessionCookies(jwt: string, url: string) {
  // The token's own expiry (seconds), as the shop gives it to the browser.
  const { exp: expires } = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as { exp: number };
  const exp = expires;
  return [
    { name: "auth.strategy", value: "local", url, expires },
    {
      name: "auth._token.local",
      value: encodeURIComponent(`Bearer ${jwt}`),
      url,
      expires,
      httpOnly: true,
      sameSite: "Lax" as const,
    },
    { name: "auth._token_expiration.local", value: String(exp * 1000), url, expires },
  ];
}

/** The newest mail to `to` whose subject matches, waiting for it to arrive at the test SMTP server. */
export async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  const mailbox = process.env.SMTP_MAILBOX;
  if (!mailbox) throw new Error("SMTP_MAILBOX is not set: the e2e global set-up starts the SMTP server");
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox(mailbox)
          .filter((mail) => mail.to.includes(to) && subject.test(mail.subject))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 15_000, message: `a mail to ${to} about ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** Every mail to `to` whose subject matches, received so far. */
export function mailsTo(to: string, subject: RegExp): ReceivedMail[] {
  return readMailbox(process.env.SMTP_MAILBOX ?? "").filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
}
