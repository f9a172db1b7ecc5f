import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { shopApp } from "../../../tests/support/shop-app.ts";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { OTHER_APP_CLIENT_ID, startOidcPeer, type OidcPeer } from "../../../tests/support/oidc-peer.ts";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { freePort } from "../../../tests/support/shop-server.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { socialIdentities, users } from "../../db/schema/index.ts";
import { SOCIAL_BROWSER_COOKIE } from "../../modules/accounts/index.ts";
import { createSocialLogin, type SocialLogin, type SocialLoginStep } from "../../modules/accounts/social/index.ts";
import { MAX_SEALED_TOKEN_LENGTH, createSealedTokens } from "../../modules/accounts/social/sealed-token.ts";
import { createServices, type Services } from "../../services.ts";
import { seedDemoShop } from "../../db/seed/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { CART_COOKIE } from "../../modules/cart/index.ts";
import { noFilters } from "../../modules/catalog/listing/params.ts";
import { collectionsApi } from "./collections.ts";
import { contentAuthApi } from "./content-auth.ts";
import { socialAuthApi } from "./social-auth.ts";

// The shop answers in process (app.request); only the provider listens on a port. The provider
// never calls the shop: the "browser" below carries every redirect between the two.
const PUBLIC_URL = "http://shop.test";
const CLIENT_ID = "keeper-shop";
const CLIENT_SECRET = randomBytes(24).toString("base64url");
const CALLBACK = `${PUBLIC_URL}/api/connect/peer/callback`;
const SECRET = randomBytes(32).toString("base64url");
/** Seals as the shop does, for tokens the tests make up. */
const sealer = createSealedTokens({ secret: SECRET });

const ACCOUNTS = {
  fresh: { sub: "fresh-1", email: "Fresh.Keeper@Example.com", emailVerified: true, name: "Fresh Keeper" },
  unverified: { sub: "unverified-1", email: "unverified.keeper@example.com", emailVerified: false },
  owner: { sub: "owner-1", email: "owner@example.com", emailVerified: true, name: "Owner" },
  squatter: { sub: "squatter-1", email: "taken@example.com", emailVerified: false, name: "Squatter" },
  switcher: { sub: "switcher-1", email: "switcher@example.com", emailVerified: true },
  target: { sub: "target-1", email: "target@example.com", emailVerified: true, name: "Target" },
  victim: { sub: "victim-1", email: "victim@example.com", emailVerified: true, name: "Victim" },
  second: { sub: "second-1", email: "second@example.com", emailVerified: true, name: "Second" },
  shopper: { sub: "shopper-1", email: "shopper@example.com", emailVerified: true, name: "Shopper" },
};

let database: Database;
let services: Services;
let peer: OidcPeer;
let latePeer: OidcPeer | undefined;
let latePort: number;
let social: SocialLogin;
let app: Hono<ShopEnv>;
const providerErrors: { provider: string; step: SocialLoginStep }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database, testServicesConfig({ publicUrl: PUBLIC_URL }));
  peer = await startOidcPeer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [CALLBACK],
    accounts: Object.values(ACCOUNTS),
  });
  latePort = await freePort();
  const client = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
  social = createSocialLogin({
    providers: [
      { name: "peer", label: "Peer ID", issuer: peer.issuer, ...client },
      // Nothing listens here until a test starts a provider on that port.
      { name: "late", label: "Late", issuer: `http://127.0.0.1:${latePort}`, ...client },
    ],
    publicUrl: PUBLIC_URL,
    secret: SECRET,
    accounts: services.accounts,
    onProviderError: (_error, context) => providerErrors.push(context),
  });
  app = shopApp({ services: { ...services, social }, database }, { publicUrl: PUBLIC_URL });
  // As in the shop: social login first, then the content backend's auth with its catch-all 404.
  app.route("/api", socialAuthApi());
  app.route("/api", contentAuthApi());
  app.route("/api", collectionsApi());
});

afterAll(async () => {
  await latePeer?.close();
  await peer?.close();
  await services.accounts.settled();
  await database.close();
});

beforeEach(() => {
  providerErrors.length = 0;
});

/**
 * A browser by hand: redirects followed one at a time, cookies kept per origin and sent back.
 * Requests to the shop go to the app in process, others over the network.
 */
function browser() {
  const jars = new Map<string, Map<string, string>>();
  const visited: string[] = [];
  const jar = (url: URL) => jars.get(url.origin) ?? jars.set(url.origin, new Map()).get(url.origin)!;

  async function visit(address: string | URL): Promise<Response> {
    const url = new URL(address);
    visited.push(url.pathname);
    const cookies = jar(url);
    const headers: Record<string, string> = {};
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response =
      url.origin === PUBLIC_URL
        ? await app.request(url.toString(), { headers })
        : await fetch(url, { headers, redirect: "manual" });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = setCookie.split(";");
      const eq = pair.indexOf("=");
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (gone) cookies.delete(pair.slice(0, eq).trim());
      else cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  }

  /** Follows redirects from `address` until the next one would go back to the shop; returns that address. */
  async function followToShop(address: string): Promise<URL> {
    let next = new URL(address);
    for (let hop = 0; hop < 10; hop += 1) {
      const response = await visit(next);
      expect([302, 303], `redirect from ${next.pathname}`).toContain(response.status);
      next = new URL(response.headers.get("location")!, next);
      if (next.origin === PUBLIC_URL) return next;
    }
    throw new Error("too many redirects");
  }

  return { visit, followToShop, visited, cookies: (origin: string) => jars.get(origin) ?? new Map<string, string>() };
}

type Browser = ReturnType<typeof browser>;

/** Start at the shop, through the provider, back to the shop's callback: the address the browser lands on. */
async function connect(person: Browser, provider = "peer"): Promise<URL> {
  const start = await person.visit(`${PUBLIC_URL}/api/connect/${provider}`);
  expect(start.status).toBe(302);
  const callback = await person.followToShop(start.headers.get("location")!);
  expect(callback.pathname).toBe(`/api/connect/${provider}/callback`);
  return callback;
}

/** The login page the callback sends the browser to. */
async function land(person: Browser, callback: URL): Promise<URL> {
  const response = await person.visit(callback);
  expect(response.status).toBe(302);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return new URL(response.headers.get("location")!);
}

/** What the login page does with the access token in its address. */
function trade(landing: URL) {
  return tradeToken(landing.searchParams.get("provider") ?? "", landing.searchParams.get("access_token") ?? "");
}

function tradeToken(provider: string, accessToken: string) {
  return app.request(`/api/auth/${provider}/callback?${new URLSearchParams({ access_token: accessToken })}`);
}

/** The peer's own userinfo answer for `accessToken`: what a shop that trusted raw tokens would go by. */
async function peerUserinfo(accessToken: string): Promise<Response> {
  const discovery = await fetch(`${peer.issuer}/.well-known/openid-configuration`);
  const { userinfo_endpoint } = (await discovery.json()) as { userinfo_endpoint: string };
  return fetch(userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } });
}

interface Session {
  jwt: string;
  user: { id: number; username: string; email: string; confirmed: boolean; provider: string };
}

/** The whole social login as `sub`, in a new browser unless one is given. */
async function socialLogin(sub: string, person = browser()): Promise<Session> {
  peer.loginAs(sub);
  const landing = await land(person, await connect(person));
  expect(landing.pathname).toBe("/login");
  expect(landing.searchParams.get("access_token")).toBeTruthy();
  const response = await trade(landing);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as Session;
}

async function errorOf(response: Response) {
  const body = (await response.json()) as {
    data: null;
    error: { status: number; name: string; details: Record<string, unknown> };
  };
  expect(body.data).toBeNull();
  expect(body.error.status).toBe(response.status);
  return body.error;
}

function expectFailed(landing: URL) {
  expect(landing.origin + landing.pathname).toBe(`${PUBLIC_URL}/login`);
  expect(Object.fromEntries(landing.searchParams)).toEqual({ provider: "peer", error: "social-login-failed" });
}

describe("starting a social login", () => {
  test("sends the browser to the provider with state, nonce and PKCE, and keeps them in a signed cookie", async () => {
    const response = await app.request("/api/connect/peer");
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const to = new URL(response.headers.get("location")!);
    expect(to.origin).toBe(peer.issuer);
    const query = Object.fromEntries(to.searchParams);
    expect(query).toMatchObject({
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: CALLBACK,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    for (const check of ["state", "nonce", "code_challenge"]) expect(query[check]).toMatch(/^[\w-]{40,}$/);
    expect(response.headers.get("set-cookie")).toMatch(
      /^social_login=[\w-]+\.[\w-]+; Path=\/api\/connect; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    const again = new URL((await app.request("/api/connect/peer")).headers.get("location")!);
    expect(again.searchParams.get("state")).not.toBe(query.state);
  });

  test("lists the providers for the login page's buttons", () => {
    expect(social.providers()).toEqual([
      { name: "peer", label: "Peer ID" },
      { name: "late", label: "Late" },
    ]);
  });
});

describe("a whole social login", () => {
  test("makes a confirmed account for a new verified identity, and the token opens the shop's session", async () => {
    const person = browser();
    peer.loginAs(ACCOUNTS.fresh.sub);
    const callback = await connect(person);
    const landing = await land(person, callback);
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC_URL}/login`);
    expect(landing.searchParams.get("provider")).toBe("peer");
    expect(person.cookies(PUBLIC_URL).has("social_login")).toBe(false);

    const response = await trade(landing);
    expect(response.status).toBe(200);
    const session = (await response.json()) as Session;
    expect(session.user).toMatchObject({
      email: "fresh.keeper@example.com",
      username: "FreshKeeper",
      confirmed: true,
      provider: "peer",
    });
    const me = await app.request("/api/users/me", { headers: { authorization: `Bearer ${session.jwt}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(session.user.id);
    const links = await database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, session.user.id));
    expect(links.map((link) => [link.provider, link.subject])).toEqual([["peer", ACCOUNTS.fresh.sub]]);
  });

  test("brings the visitor's guest bag into the customer's bag, and clears its cookie", async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), "shop-social-bag-"));
    try {
      await seedDemoShop(database.db, { products: 3, mediaDir });
      const scope = systemScope(database.db);
      const [card] = await services.catalog.listing
        .list({ scope: {}, filters: noFilters(), sort: "featured", page: 1, pageSize: 1 })
        .then((r) => r.products);
      const option = (await services.catalog.productDetail(card!.slug))!.variants.find((v) => v.stock > 0)!;
      const { cart: bag } = await services.cart.addLine(scope, null, { variantId: option.id, quantity: 1 });

      const person = browser();
      peer.loginAs(ACCOUNTS.shopper.sub);
      const landing = await land(person, await connect(person));
      const trade = (cookie: string) =>
        app.request(
          `/api/auth/peer/callback?${new URLSearchParams({ access_token: landing.searchParams.get("access_token")! })}`,
          {
            headers: { cookie },
          },
        );
      // The browser that began the login: its cookie names it.
      const itself = `${SOCIAL_BROWSER_COOKIE}=${person.cookies(PUBLIC_URL).get(SOCIAL_BROWSER_COOKIE)}`;
      const response = await trade(`${CART_COOKIE}=${bag.token}; ${itself}`);
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toContainEqual(expect.stringMatching(new RegExp(`^${CART_COOKIE}=;.*Max-Age=0`)));
      const session = (await response.json()) as Session;
      const own = await services.cart.get(scope, { customerId: session.user.id });
      expect(own?.lines.map((line) => line.variantId)).toEqual([option.id]);
      expect(await services.cart.get(scope, bag.token)).toBeNull();

      // Someone else's token in a link another site shows: the visitor's bag stays theirs.
      const { cart: visitorsBag } = await services.cart.addLine(scope, null, { variantId: option.id, quantity: 1 });
      const other = browser();
      peer.loginAs(ACCOUNTS.shopper.sub);
      const othersLanding = await land(other, await connect(other));
      const followed = await app.request(
        `/api/auth/peer/callback?${new URLSearchParams({ access_token: othersLanding.searchParams.get("access_token")! })}`,
        { headers: { cookie: `${CART_COOKIE}=${visitorsBag.token}` } },
      );
      expect(followed.status).toBe(200);
      expect(followed.headers.getSetCookie().join("\n")).not.toContain(CART_COOKIE);
      expect((await services.cart.get(scope, visitorsBag.token))?.lines.map((line) => line.variantId)).toEqual([option.id]);
    } finally {
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });

  test("logs the same identity into the same account again, and another identity into another", async () => {
    const person = browser();
    const interactions = () => person.visited.filter((path) => path.startsWith("/interaction/")).length;
    const first = await socialLogin(ACCOUNTS.switcher.sub, person);
    expect(interactions()).toBe(1);
    // Logged in at the provider already: no interaction this time, the same account at the shop.
    const second = await socialLogin(ACCOUNTS.switcher.sub, person);
    expect(interactions()).toBe(1);
    expect(second.user.id).toBe(first.user.id);
    expect(second.jwt).not.toBe(first.jwt);
    // The same browser, another person at the provider: another account at the shop.
    const other = await socialLogin(ACCOUNTS.second.sub, person);
    expect(interactions()).toBe(2);
    expect(other.user.id).not.toBe(first.user.id);
    expect(other.user.email).toBe(ACCOUNTS.second.email);
  });

  test("makes no account from an address the provider has not verified", async () => {
    peer.loginAs(ACCOUNTS.unverified.sub);
    const person = browser();
    const response = await trade(await land(person, await connect(person)));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ name: "ValidationError", message: expect.stringMatching(/not verified/) });
    expect(await database.db.select().from(users).where(eq(users.email, ACCOUNTS.unverified.email))).toEqual([]);
  });

  test("links a verified address to the existing password account and confirms it", async () => {
    const registered = await app.request("/api/auth/local/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "owner", email: ACCOUNTS.owner.email, password: "long green gloves dive" }),
    });
    expect(registered.status).toBe(200);
    const owner = ((await registered.json()) as Session).user;
    expect(owner.confirmed).toBe(false);

    const session = await socialLogin(ACCOUNTS.owner.sub);
    expect(session.user).toMatchObject({ id: owner.id, username: "owner", confirmed: true, provider: "local" });
    expect((await socialLogin(ACCOUNTS.owner.sub)).user.id).toBe(owner.id);
  });

  test("takes an unconfirmed account over from whoever signed up with the address: their password and sessions stop working", async () => {
    const squat = await app.request("/api/auth/local/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "squatting", email: ACCOUNTS.victim.email, password: "long squatting gloves" }),
    });
    expect(squat.status).toBe(200);
    const squatter = (await squat.json()) as Session;
    expect(squatter.user.confirmed).toBe(false);

    const session = await socialLogin(ACCOUNTS.victim.sub);
    expect(session.user).toMatchObject({ id: squatter.user.id, confirmed: true });
    const me = (jwt: string) => app.request("/api/users/me", { headers: { authorization: `Bearer ${jwt}` } });
    expect((await me(squatter.jwt)).status).toBe(401);
    expect((await me(session.jwt)).status).toBe(200);
    const login = await app.request("/api/auth/local", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: ACCOUNTS.victim.email, password: "long squatting gloves" }),
    });
    expect(login.status).toBe(400);
  });

  test("refuses an unverified address that belongs to an existing account, and links nothing", async () => {
    const registered = await app.request("/api/auth/local/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "taken", email: ACCOUNTS.squatter.email, password: "long blue gloves dive" }),
    });
    expect(registered.status).toBe(200);

    peer.loginAs(ACCOUNTS.squatter.sub);
    const person = browser();
    const response = await trade(await land(person, await connect(person)));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ name: "ValidationError" });
    const links = await database.db.select().from(socialIdentities).where(eq(socialIdentities.subject, ACCOUNTS.squatter.sub));
    expect(links).toEqual([]);
    const [owner] = await database.db.select().from(users).where(eq(users.email, ACCOUNTS.squatter.email));
    expect(owner).toMatchObject({ username: "taken", provider: "local" });
  });
});

describe("a social login that goes wrong ends on the login page with an error", () => {
  test("when the callback comes without the state cookie", async () => {
    peer.loginAs(ACCOUNTS.fresh.sub);
    const person = browser();
    const callback = await connect(person);
    person.cookies(PUBLIC_URL).clear();
    expectFailed(await land(person, callback));
  });

  test("when the state does not match the cookie", async () => {
    peer.loginAs(ACCOUNTS.fresh.sub);
    const person = browser();
    const callback = await connect(person);
    callback.searchParams.set("state", "forged-state-value-forged-state-value-1234");
    expectFailed(await land(person, callback));
  });

  test("when the cookie was altered, even harmlessly", async () => {
    peer.loginAs(ACCOUNTS.fresh.sub);
    const person = browser();
    const callback = await connect(person);
    const jar = person.cookies(PUBLIC_URL);
    const [payload, signature] = jar.get("social_login")!.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    // Everything that matters left as it was: only the signature can tell.
    const forged = Buffer.from(JSON.stringify({ ...claims, note: "changed" })).toString("base64url");
    jar.set("social_login", `${forged}.${signature}`);
    expectFailed(await land(person, callback));
  });

  test("when the callback belongs to another round trip (a code injected into the visitor's browser)", async () => {
    peer.loginAs(ACCOUNTS.fresh.sub);
    const attacker = browser();
    const attackersCallback = await connect(attacker);
    const victim = browser();
    await victim.visit(`${PUBLIC_URL}/api/connect/peer`);
    expectFailed(await land(victim, attackersCallback));
  });

  test("when the person says no at the provider", async () => {
    peer.denyNextLogin();
    const person = browser();
    const callback = await connect(person);
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expectFailed(await land(person, callback));
    expect(providerErrors).toEqual([]);
  });

  test("when a code is used twice, and the operator hears of the refused exchange", async () => {
    peer.loginAs(ACCOUNTS.fresh.sub);
    const person = browser();
    const callback = await connect(person);
    const cookie = person.cookies(PUBLIC_URL).get("social_login")!;
    expect((await land(person, callback)).searchParams.get("access_token")).toBeTruthy();
    person.cookies(PUBLIC_URL).set("social_login", cookie);
    expectFailed(await land(person, callback));
    expect(providerErrors).toEqual([{ provider: "peer", step: "exchange" }]);
  });
});

describe("trading an access token", () => {
  test("a raw token from the provider is 401, though the provider accepts it: another app's, or even the shop's client's", async () => {
    for (const client of [OTHER_APP_CLIENT_ID, CLIENT_ID]) {
      const raw = await peer.issueAccessToken(ACCOUNTS.target.sub, client);
      const userinfo = await peerUserinfo(raw);
      expect(userinfo.status, client).toBe(200);
      expect(((await userinfo.json()) as { sub: string }).sub).toBe(ACCOUNTS.target.sub);

      const response = await tradeToken("peer", raw);
      expect(response.status, client).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await errorOf(response)).toMatchObject({ name: "UnauthorizedError" });
    }
    const links = await database.db.select().from(socialIdentities).where(eq(socialIdentities.subject, ACCOUNTS.target.sub));
    expect(links).toEqual([]);
    expect(await database.db.select().from(users).where(eq(users.email, ACCOUNTS.target.email))).toEqual([]);
  });

  test("the login page's token is 401 once altered, on another provider's route, or after five minutes", async () => {
    peer.loginAs(ACCOUNTS.target.sub);
    const person = browser();
    const landing = await land(person, await connect(person));
    const token = landing.searchParams.get("access_token")!;
    const bytes = Buffer.from(token, "base64url");
    bytes[20]! ^= 0x01;
    expect((await tradeToken("peer", bytes.toString("base64url"))).status).toBe(401);
    // Refused before the provider is asked: "late" cannot be reached, yet this is 401, not 503.
    expect((await tradeToken("late", token)).status).toBe(401);
    expect(providerErrors).toEqual([]);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5 * 60_000 });
    try {
      expect((await trade(landing)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    const session = (await (await trade(landing)).json()) as Session;
    expect(session.user).toMatchObject({ email: ACCOUNTS.target.email, provider: "peer" });
  });

  test("the login page's token works once: a second use, by the API or by the page's way in, is 401", async () => {
    peer.loginAs(ACCOUNTS.second.sub);
    const person = browser();
    const landing = await land(person, await connect(person));
    const first = await trade(landing);
    expect(first.status).toBe(200);
    const replayed = await trade(landing);
    expect(replayed.status).toBe(401);
    expect(await errorOf(replayed)).toMatchObject({ name: "UnauthorizedError" });
    // The module the login page calls refuses it too: one rule for both ways in.
    const token = landing.searchParams.get("access_token")!;
    await expect(social.loginWithAccessToken(systemScope(database.db), "peer", token)).rejects.toMatchObject({
      code: "INVALID_SOCIAL_TOKEN",
    });
  });

  test("a sealed token whose provider token the provider does not know is 401", async () => {
    const response = await tradeToken("peer", sealer.seal("peer", "not-a-token-the-peer-issued"));
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ name: "UnauthorizedError" });
    expect(providerErrors).toEqual([]);
  });

  test("a missing or malformed access_token is 400, naming it", async () => {
    for (const query of [
      "",
      "?access_token=",
      "?access_token=two%20words",
      `?access_token=${"x".repeat(MAX_SEALED_TOKEN_LENGTH + 1)}`,
    ]) {
      const response = await app.request(`/api/auth/peer/callback${query}`);
      expect(response.status, query.slice(0, 40)).toBe(400);
      expect(await errorOf(response)).toMatchObject({ name: "ValidationError", details: { param: "access_token" } });
    }
  });

  test("an unknown provider is 404 on every social route", async () => {
    for (const path of [
      "/api/connect/nobody",
      "/api/connect/nobody/callback?code=x&state=y",
      "/api/auth/nobody/callback?access_token=x",
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await errorOf(response)).toMatchObject({ name: "NotFoundError", details: { param: "provider" } });
    }
  });
});

describe("a provider that cannot be reached", () => {
  test("fails the login gracefully, and is tried again once it is back", async () => {
    const down = await app.request("/api/connect/late");
    expect(down.status).toBe(302);
    expect(down.headers.get("location")).toBe(`${PUBLIC_URL}/login?provider=late&error=social-login-failed`);
    expect(down.headers.get("set-cookie")).toMatch(/^social_login=; .*Max-Age=0/);
    const trade = await tradeToken("late", sealer.seal("late", "some-token"));
    expect(trade.status).toBe(503);
    expect(await errorOf(trade)).toMatchObject({ name: "ServiceUnavailableError" });
    expect(providerErrors).toEqual([
      { provider: "late", step: "discovery" },
      { provider: "late", step: "discovery" },
    ]);

    latePeer = await startOidcPeer({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [`${PUBLIC_URL}/api/connect/late/callback`],
      accounts: [ACCOUNTS.fresh],
      port: latePort,
    });
    const up = await app.request("/api/connect/late");
    expect(up.status).toBe(302);
    expect(new URL(up.headers.get("location")!).origin).toBe(latePeer.issuer);
  });
});

describe("mounted before the content backend's auth and collections", () => {
  test("leaves every other /api path to the routers after it", async () => {
    expect((await app.request("/api/users/me")).status).toBe(401);
    const login = await app.request("/api/auth/local", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: "nobody@example.com", password: "wrong password here" }),
    });
    expect(login.status).toBe(400);
    for (const [method, path] of [
      ["GET", "/api/connect"],
      ["GET", "/api/auth/peer"],
      ["POST", "/api/connect/peer"],
      ["GET", "/api/somewhere/else"],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      // The content backend's answer (the collections' catch-all), not Hono's plain-text default.
      expect(await errorOf(response)).toMatchObject({ name: "NotFoundError" });
    }
  });
});
