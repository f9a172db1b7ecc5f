import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { systemScope } from "../../lib/scope.ts";
import { keptMails, testServicesConfig, type KeptMails } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { accountCodes, users } from "../../db/schema/index.ts";
import { createServices, type Services } from "../../services.ts";
import { contentAuthApi } from "./content-auth.ts";
import { loginApi } from "./login-api.ts";

const PUBLIC_URL = "http://shop.test";
let database: Database;
let services: Services;
let mails: KeptMails;
let app: Hono<ShopEnv>;
/** Each test speaks from its own address, so the per-address limits of one do not reach another. */
let addressCounter = 0;
let address = "";

beforeAll(async () => {
  database = await createTestDatabase();
  mails = keptMails();
  services = createServices(database, testServicesConfig({ mailer: mails, publicUrl: PUBLIC_URL }));
  app = shopApp({ services, database }, { publicUrl: PUBLIC_URL, trustProxy: 1 });
  app.route("/api", contentAuthApi());
  app.route("/auth", loginApi());
});

afterAll(async () => {
  await services.accounts.settled();
  await database.close();
});

function nextAddress() {
  addressCounter += 1;
  address = `203.0.113.${addressCounter}`;
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function get(path: string, headers: Record<string, string> = {}) {
  return app.request(path, { headers: { "x-forwarded-for": address, ...headers } });
}

const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

let people = 0;
/** A new account; the password is long and uncommon. */
async function register(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  people += 1;
  const person = {
    username: `keeper${people}`,
    email: `keeper${people}@example.com`,
    password: `green gloves ${people} dive`,
    ...overrides,
  };
  const response = await post("/api/auth/local/register", person);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { jwt: string; user: Record<string, unknown> };
  return { ...person, ...body };
}

/** The mails sent so far to `to` (waits for mails sent after the answer). */
async function mailsTo(to: string) {
  await services.accounts.settled();
  return mails.sent.filter((mail) => mail.to === to);
}

function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  expect(link, `a link starting with ${prefix}`).toBeDefined();
  return link!;
}

async function errorOf(response: Response) {
  const body = (await response.json()) as {
    data: null;
    error: { status: number; name: string; message: string; details: Record<string, unknown> };
  };
  expect(body.data).toBeNull();
  expect(body.error.status).toBe(response.status);
  return body.error;
}

describe("registration and e-mail confirmation", () => {
  test("registering answers a token and the user, who is logged in and asked to confirm by mail", async () => {
    nextAddress();
    const person = await register({ username: "Jane.Keeper", email: "  Jane.Keeper@Example.com " });
    expect(person.user).toMatchObject({
      username: "Jane.Keeper",
      email: "jane.keeper@example.com",
      confirmed: false,
      blocked: false,
      provider: "local",
    });
    expect(Object.keys(person.user).sort()).toEqual(
      [
        "blocked",
        "confirmed",
        "createdAt",
        "email",
        "firstName",
        "id",
        "lastName",
        "phone",
        "provider",
        "role",
        "scope",
        "updatedAt",
        "username",
      ].sort(),
    );
    // A customer may do nothing beyond shopping (SPEC §6's scope).
    expect(person.user).toMatchObject({ role: "customer", scope: [] });
    expect(JSON.stringify(person.user)).not.toMatch(/scrypt|password/i);

    const me = await get("/api/users/me", bearer(person.jwt));
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect(await me.json()).toMatchObject({ email: "jane.keeper@example.com", confirmed: false });

    const [mail] = await mailsTo("jane.keeper@example.com");
    expect(mail!.subject).toMatch(/confirm/i);
    const link = linkIn(mail!.text, `${PUBLIC_URL}/api/auth/email-confirmation?confirmation=`);
    const confirmed = await get(link.slice(PUBLIC_URL.length));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`${PUBLIC_URL}/confirm-email?status=confirmed`);
    expect(await (await get("/api/users/me", bearer(person.jwt))).json()).toMatchObject({ confirmed: true });

    // The link works once.
    const again = await get(link.slice(PUBLIC_URL.length));
    expect(again.headers.get("location")).toBe(`${PUBLIC_URL}/confirm-email?status=invalid`);
  });

  test("confirmation links guessed from one address: the eleventh in 15 minutes lands on the page that says to wait", async () => {
    nextAddress();
    const landing = async (code: string) =>
      (await get(`/api/auth/email-confirmation?confirmation=${code}`)).headers.get("location");
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(await landing(`guess${attempt}`)).toBe(`${PUBLIC_URL}/confirm-email?status=invalid`);
    }
    expect(await landing("guess11")).toBe(`${PUBLIC_URL}/confirm-email?status=retry`);
    // Another address is not held back.
    nextAddress();
    expect(await landing("guess12")).toBe(`${PUBLIC_URL}/confirm-email?status=invalid`);
  });

  test("an address or user name already in use, in any case, is refused", async () => {
    nextAddress();
    const first = await register();
    for (const clash of [
      { username: "someone-new", email: first.email.toUpperCase(), password: "another long phrase" },
      { username: first.username.toUpperCase(), email: "fresh@example.com", password: "another long phrase" },
    ]) {
      const response = await post("/api/auth/local/register", clash);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        name: "ApplicationError",
        message: "This e-mail address or user name is already taken.",
      });
    }
  });

  test("bad fields are named: short, common or own-name passwords, bad addresses, wrong types", async () => {
    nextAddress();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ username: "newkeeper", email: "new@example.com", password: "short" }, "password", /at least 8/],
      [{ username: "newkeeper", email: "new@example.com", password: "password123" }, "password", /too common/],
      [{ username: "newkeeper", email: "new@example.com", password: "NewKeeper" }, "password", /user name/],
      [{ username: "newkeeper", email: "not-an-address", password: "a fine long phrase" }, "email", /valid e-mail/],
      [{ username: "newkeeper", email: { $ne: "" }, password: "a fine long phrase" }, "email", /e-mail/],
      [{ username: ["a"], email: "new@example.com", password: "a fine long phrase" }, "username", /user name/],
      [{ username: "newkeeper", email: "new@example.com", password: 12345678 }, "password", /password/],
      [{ username: "x", email: "new@example.com", password: "a fine long phrase" }, "username", /at least 3/],
    ];
    for (const [body, param, message] of cases) {
      const response = await post("/api/auth/local/register", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(response);
      expect(error.name).toBe("ValidationError");
      expect(error.details.param).toBe(param);
      expect(error.message).toMatch(message);
    }
    const nul = await post("/api/auth/local", { identifier: "a\u0000b", password: "whatever it is" });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).details.param).toBe("identifier");
    const nulLoginApi = await post("/auth/login", { email: "a\u0000b", password: "whatever it is" });
    expect(nulLoginApi.status).toBe(400);
    const list = await post("/api/auth/local/register", "[1,2]");
    expect(list.status).toBe(400);
    const notJson = await post("/api/auth/local/register", "username=a", { "content-type": "application/x-www-form-urlencoded" });
    expect(notJson.status).toBe(415);
  });
});

describe("logging in", () => {
  test("by e-mail address or user name, in any case; a failure never says which part was wrong", async () => {
    nextAddress();
    const person = await register();
    for (const identifier of [person.email, person.email.toUpperCase(), ` ${person.username.toUpperCase()} `]) {
      const response = await post("/api/auth/local", { identifier, password: person.password });
      expect(response.status, identifier).toBe(200);
      const body = (await response.json()) as { jwt: string; user: { id: number } };
      expect(body.user.id).toBe(person.user.id);
      expect((await get("/api/users/me", bearer(body.jwt))).status).toBe(200);
    }
    const wrongPassword = await post("/api/auth/local", { identifier: person.email, password: "not the password" });
    const unknownAccount = await post("/api/auth/local", { identifier: "nobody@example.com", password: person.password });
    expect(wrongPassword.status).toBe(400);
    expect(unknownAccount.status).toBe(400);
    expect(await errorOf(wrongPassword)).toEqual(await errorOf(unknownAccount));
  });

  test("the sixth failure within five minutes for one account answers 429, whatever else varies", async () => {
    const person = await register();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      nextAddress(); // a new address each time: the account's own limit must hold
      const identifier = attempt % 2 ? person.email.toUpperCase() : ` ${person.email} `;
      const response = await post("/api/auth/local", { identifier, password: `wrong ${attempt}`, extra: attempt });
      expect(response.status).toBe(400);
    }
    nextAddress();
    const limited = await post("/api/auth/local", { identifier: person.email, password: person.password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await errorOf(limited)).toMatchObject({ name: "RateLimitError" });
    // The login API shares the limit.
    expect((await post("/auth/login", { email: person.email, password: person.password })).status).toBe(429);
  });

  test("the sixth failure within five minutes from one address answers 429, whichever accounts it tried", async () => {
    nextAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await post("/api/auth/local", { identifier: `guess${attempt}@example.com`, password: "some guess here" });
      expect(response.status).toBe(400);
    }
    const person = await register();
    const limited = await post("/api/auth/local", { identifier: person.email, password: person.password });
    expect(limited.status).toBe(429);
  });

  test("guesses sent all at once are limited too, and an account's e-mail and user name share one count", async () => {
    nextAddress();
    const person = await register();
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post("/api/auth/local", { identifier: person.email, password: `parallel guess ${i}` }),
      ),
    );
    const statuses = parallel.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);

    const other = await register();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      nextAddress();
      const identifier = attempt % 2 ? other.username : other.email;
      expect((await post("/api/auth/local", { identifier, password: `wrong ${attempt}` })).status).toBe(400);
    }
    nextAddress();
    expect((await post("/api/auth/local", { identifier: other.username, password: other.password })).status).toBe(429);
  });

  test("a blocked account cannot log in, and its open sessions stop working", async () => {
    nextAddress();
    const person = await register();
    await database.db
      .update(users)
      .set({ blocked: true })
      .where(eq(users.id, person.user.id as number));
    expect((await get("/api/users/me", bearer(person.jwt))).status).toBe(401);
    const response = await post("/api/auth/local", { identifier: person.email, password: person.password });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ name: "ApplicationError", message: expect.stringMatching(/blocked/) });
  });
});

describe("session tokens", () => {
  test("tampered, unsigned, foreign and expired tokens are refused", async () => {
    nextAddress();
    const person = await register();
    const [header, payload, signature] = person.jwt.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

    const otherUser = `${header}.${encode({ ...claims, sub: "1" })}.${signature}`;
    const algNone = `${encode({ alg: "none", typ: "JWT" })}.${payload}.`;
    const foreignKey = (() => {
      const body = `${header}.${payload}`;
      return `${body}.${createHmac("sha256", "another shop's secret").update(body).digest("base64url")}`;
    })();
    const expiredBody = `${header}.${encode({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })}`;
    for (const token of [otherUser, algNone, foreignKey, `${expiredBody}.${signature}`, "not-a-token", person.jwt.slice(0, -2)]) {
      const response = await get("/api/users/me", bearer(token));
      expect(response.status, token).toBe(401);
      expect(await errorOf(response)).toMatchObject({ name: "UnauthorizedError" });
    }
    expect((await get("/api/users/me")).status).toBe(401);
    expect((await get("/api/users/me", { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` })).status).toBe(401);
    expect((await get("/api/users/me", bearer(person.jwt))).status).toBe(200);
  });

  test("the login API answers an access token, the user, and ends the session on logout", async () => {
    nextAddress();
    const person = await register();
    const login = await post("/auth/login", { identifier: person.username, password: person.password });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const user = await get("/auth/user", bearer(accessToken));
    expect(await user.json()).toEqual({ user: expect.objectContaining({ id: person.user.id, email: person.email }) });

    expect((await post("/auth/logout", "", bearer(accessToken))).status).toBe(200);
    expect((await get("/auth/user", bearer(accessToken))).status).toBe(401);
    // The content backend shares the sessions: its token from registration is still open.
    expect((await get("/api/users/me", bearer(person.jwt))).status).toBe(200);
  });

  test("a logout riding on the auth cookie from another site is refused; from the shop's own pages it works", async () => {
    nextAddress();
    const person = await register();
    const cookie = `auth.strategy=local; auth._token.local=${encodeURIComponent(`Bearer ${person.jwt}`)}`;
    const crossSite = await post("/auth/logout", "", { cookie, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await get("/auth/user", { cookie })).status).toBe(200);

    const sameSite = await post("/auth/logout", "", { cookie, origin: PUBLIC_URL });
    expect(sameSite.status).toBe(200);
    expect((await get("/auth/user", { cookie })).status).toBe(401);
  });
});

describe("forgotten passwords", () => {
  test("known and unknown addresses get the same answer; only a known one gets a mail", async () => {
    nextAddress();
    const person = await register();
    const known = await post("/api/auth/forgot-password", { email: person.email });
    const unknown = await post("/api/auth/forgot-password", { email: "stranger@example.com" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());
    // The same headers too, but for each request's own id.
    const headersOf = (answer: Response) => [...answer.headers.entries()].filter(([name]) => name !== "x-request-id");
    expect(headersOf(known)).toEqual(headersOf(unknown));
    expect((await mailsTo(person.email)).filter((mail) => /reset/i.test(mail.subject))).toHaveLength(1);
    expect(await mailsTo("stranger@example.com")).toHaveLength(0);

    // The user-name reminder of the recover-user page: the same words, a mail only for a known address.
    const visitor = systemScope(database.db, { ip: address });
    expect(await services.accounts.remindAccount(visitor, { email: person.email })).toEqual({ email: person.email });
    expect(await services.accounts.remindAccount(visitor, { email: "stranger@example.com" })).toEqual({
      email: "stranger@example.com",
    });
    const [reminder] = (await mailsTo(person.email)).filter((mail) => mail.text.includes("Your user name is"));
    expect(reminder!.text).toContain(`"${person.username}"`);
    expect(await mailsTo("stranger@example.com")).toHaveLength(0);

    const sendKnown = await post("/api/auth/send-email-confirmation", { email: person.email });
    const sendUnknown = await post("/api/auth/send-email-confirmation", { email: "stranger@example.com" });
    expect(sendKnown.status).toBe(200);
    expect(await sendKnown.json()).toEqual({ email: person.email, sent: true });
    expect(await sendUnknown.json()).toEqual({ email: "stranger@example.com", sent: true });
  });

  test("the mailed code resets the password once, ends every session, and logs in", async () => {
    nextAddress();
    const person = await register();
    await post("/api/auth/forgot-password", { email: person.email });
    const mail = (await mailsTo(person.email)).find((m) => /reset/i.test(m.subject))!;
    const link = linkIn(mail.text, `${PUBLIC_URL}/reset-password?code=`);
    const code = decodeURIComponent(new URL(link).searchParams.get("code")!);

    const mismatch = await post("/api/auth/reset-password", {
      code,
      password: "brand new phrase",
      passwordConfirmation: "brand new phrasf",
    });
    expect(mismatch.status).toBe(400);
    expect((await errorOf(mismatch)).details.param).toBe("passwordConfirmation");

    const reset = await post("/api/auth/reset-password", {
      code,
      password: "brand new phrase",
      passwordConfirmation: "brand new phrase",
    });
    expect(reset.status).toBe(200);
    const { jwt } = (await reset.json()) as { jwt: string };
    expect((await get("/api/users/me", bearer(jwt))).status).toBe(200);
    expect((await get("/api/users/me", bearer(person.jwt))).status).toBe(401);

    const reused = await post("/api/auth/reset-password", {
      code,
      password: "another new phrase",
      passwordConfirmation: "another new phrase",
    });
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toMatchObject({ name: "ValidationError", details: { param: "code" } });

    expect((await post("/api/auth/local", { identifier: person.email, password: person.password })).status).toBe(400);
    expect((await post("/api/auth/local", { identifier: person.email, password: "brand new phrase" })).status).toBe(200);
  });

  test("an expired code, a made-up code and an older code are refused", async () => {
    nextAddress();
    const person = await register();
    await post("/api/auth/forgot-password", { email: person.email });
    await services.accounts.settled();
    await post("/api/auth/forgot-password", { email: person.email });
    const codes = (await mailsTo(person.email))
      .filter((m) => /reset/i.test(m.subject))
      .map((m) => decodeURIComponent(new URL(linkIn(m.text, `${PUBLIC_URL}/reset-password?code=`)).searchParams.get("code")!));
    expect(codes).toHaveLength(2);
    const attempt = (code: string) =>
      post("/api/auth/reset-password", { code, password: "brand new phrase", passwordConfirmation: "brand new phrase" });

    expect((await attempt(codes[0]!)).status).toBe(400); // replaced by the newer one
    expect((await attempt("A".repeat(43))).status).toBe(400);
    await database.db
      .update(accountCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountCodes.userId, person.user.id as number));
    expect((await attempt(codes[1]!)).status).toBe(400);
  });
});
