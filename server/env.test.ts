import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { ConfigError, loadSecrets, parseEnv, publicEnv } from "./env.ts";

test("defaults give a working shop on the embedded database", () => {
  const env = parseEnv({});
  expect(env.PORT).toBe(3000);
  expect(env.PUBLIC_URL).toBe("http://localhost:3000");
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.PRODUCT_NOUN).toBe("keeper");
  expect(env.TAGLINE).toBe("for every keeper, everywhere, always");
  expect(env.CURRENCY).toBe("EUR");
  expect(env.DATA_DIR).toBe(join(process.cwd(), "data"));
});

test("the default country is one the address forms know: NL unless set, in any case", () => {
  expect(parseEnv({}).SHOP_DEFAULT_COUNTRY).toBe("NL");
  expect(parseEnv({ SHOP_DEFAULT_COUNTRY: " be " }).SHOP_DEFAULT_COUNTRY).toBe("BE");
  expect(publicEnv(parseEnv({ SHOP_DEFAULT_COUNTRY: "de" })).defaultCountry).toBe("DE");
  for (const value of ["XX", "NLD", "", "Netherlands"]) {
    expect(() => parseEnv({ SHOP_DEFAULT_COUNTRY: value }), value).toThrow(/SHOP_DEFAULT_COUNTRY: must be the ISO 3166-1 code/);
  }
});

test("the contact address is hello@ and the public address's host unless it is given; a wrong one is refused", () => {
  expect(parseEnv({}).CONTACT_EMAIL).toBe("hello@localhost");
  expect(parseEnv({ PUBLIC_URL: "https://keepers.example/shop" }).CONTACT_EMAIL).toBe("hello@keepers.example");
  expect(parseEnv({ PUBLIC_URL: "https://keepers.example", CONTACT_EMAIL: " help@keepers.example " }).CONTACT_EMAIL).toBe(
    "help@keepers.example",
  );
  expect(parseEnv({ PUBLIC_URL: "https://keepers.example", CONTACT_EMAIL: "" }).CONTACT_EMAIL).toBe("hello@keepers.example");
  expect(() => parseEnv({ CONTACT_EMAIL: "not an address" })).toThrow(/CONTACT_EMAIL: must be an e-mail address/);
});

test("the tagline follows the product noun unless it is given", () => {
  expect(parseEnv({ PRODUCT_NOUN: "climber" }).TAGLINE).toBe("for every climber, everywhere, always");
  expect(parseEnv({ PRODUCT_NOUN: "climber", TAGLINE: "up we go" }).TAGLINE).toBe("up we go");
});

test("bad values are refused with a message naming each variable", () => {
  const attempt = () => parseEnv({ PORT: "99999", CURRENCY: "EURO", DATABASE_URL: "mysql://x/y", PUBLIC_URL: "ftp://x" });
  expect(attempt).toThrow(ConfigError);
  const message = (() => {
    try {
      attempt();
    } catch (error) {
      return (error as Error).message;
    }
  })();
  expect(message).toMatch(/PORT: must be a whole number between 1 and 65535/);
  expect(message).toMatch(/CURRENCY: must be an ISO 4217 currency code/);
  expect(() => parseEnv({ CURRENCY: "JPY" })).toThrow(/CURRENCY: must be a currency with cents/);
  expect(() => parseEnv({ PAGE_CACHE_MS: "-1" })).toThrow(/PAGE_CACHE_MS: must be 0 or more/);
  expect(parseEnv({ PAGE_CACHE_MS: "0" }).PAGE_CACHE_MS).toBe(0);
  expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ address/);
  expect(message).toMatch(/PUBLIC_URL: must be an http\(s\) address/);
});

test("card payments need both Stripe keys, each in its own form", () => {
  const keys = { STRIPE_SECRET_KEY: "sk_test_abcdefgh1234", STRIPE_WEBHOOK_SECRET: "whsec_abcdefgh1234" };
  expect(parseEnv(keys)).toMatchObject({ ...keys, CARD_CHECKOUT_MINUTES: 30 });
  expect(() => parseEnv({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
    /STRIPE_WEBHOOK_SECRET: card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
  );
  expect(() => parseEnv({ ...keys, STRIPE_SECRET_KEY: "pk_test_abcdefgh1234" })).toThrow(
    /STRIPE_SECRET_KEY: must be a Stripe secret key/,
  );
  expect(() => parseEnv({ ...keys, CARD_CHECKOUT_MINUTES: "10" })).toThrow(/CARD_CHECKOUT_MINUTES: must be at least 30/);
  expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
});

test("a missing secret is generated once, kept owner-only in DATA_DIR and reused", () => {
  const env = parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), "shop-env-")) });
  const first = loadSecrets(env);
  const file = join(env.DATA_DIR, "secrets.json");
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, "utf8")).sessionSecret).toBe(first.sessionSecret);
  expect(loadSecrets(env).sessionSecret).toBe(first.sessionSecret);
  expect(first.sessionSecret.length).toBeGreaterThanOrEqual(40);
});

test("the browser sees only public settings", () => {
  const visible = publicEnv(parseEnv({ SESSION_SECRET: "s".repeat(40), DATABASE_URL: "postgres://u:p@db/shop" }));
  expect(JSON.stringify(visible)).not.toContain("ssss");
  expect(JSON.stringify(visible)).not.toContain("postgres");
});

test("more than one process is refused on the embedded database, and without Redis, with a clear message", () => {
  const message = (vars: Record<string, string>) => {
    try {
      parseEnv(vars);
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };
  expect(message({ WEB_CONCURRENCY: "2" })).toMatch(/WEB_CONCURRENCY: more than one process needs DATABASE_URL/);
  expect(message({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db/shop" })).toMatch(
    /WEB_CONCURRENCY: more than one process needs REDIS_URL/,
  );
  expect(
    parseEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db/shop", REDIS_URL: "redis://cache:6379" }).WEB_CONCURRENCY,
  ).toBe(2);
  expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
});

test("a back-office session's limits: 12 hours and 30 minutes idle unless set, and a setting out of range is refused", () => {
  expect(parseEnv({})).toMatchObject({ BACK_OFFICE_SESSION_HOURS: 12, BACK_OFFICE_IDLE_MINUTES: 30 });
  expect(parseEnv({ BACK_OFFICE_SESSION_HOURS: "8", BACK_OFFICE_IDLE_MINUTES: "15" })).toMatchObject({
    BACK_OFFICE_SESSION_HOURS: 8,
    BACK_OFFICE_IDLE_MINUTES: 15,
  });
  expect(() => parseEnv({ BACK_OFFICE_IDLE_MINUTES: "0" })).toThrow(/BACK_OFFICE_IDLE_MINUTES/);
});

test("who sells, as invoices print it: a demo shop's details unless set; an empty VAT id is none", () => {
  const demo = parseEnv({});
  expect(demo.SHOP_LEGAL_NAME).toBeUndefined();
  expect(demo.SHOP_ADDRESS).toEqual(["Keizersgracht 100", "1015 AA Amsterdam", "Netherlands"]);
  expect(demo.SHOP_VAT_ID).toBe("NL000099998B57");
  const own = parseEnv({
    SHOP_LEGAL_NAME: "Gloves & Goals GmbH",
    SHOP_ADDRESS: " Torstraße 1 ,, 10119 Berlin , Germany ",
    SHOP_VAT_ID: "de 123.456.789",
  });
  expect(own).toMatchObject({
    SHOP_LEGAL_NAME: "Gloves & Goals GmbH",
    SHOP_ADDRESS: ["Torstraße 1", "10119 Berlin", "Germany"],
    SHOP_VAT_ID: "DE123456789",
  });
  expect(parseEnv({ SHOP_VAT_ID: "" }).SHOP_VAT_ID).toBeNull();
  expect(parseEnv({ SHOP_LEGAL_NAME: " " }).SHOP_LEGAL_NAME).toBeUndefined();
  expect(() => parseEnv({ SHOP_LEGAL_NAME: "X" })).toThrow(/SHOP_LEGAL_NAME/);
  expect(() => parseEnv({ SHOP_VAT_ID: "123" })).toThrow(/SHOP_VAT_ID: must be a VAT identification number/);
  expect(() => parseEnv({ SHOP_ADDRESS: " , " })).toThrow(/SHOP_ADDRESS: must be the shop's postal address/);
  expect(() => parseEnv({ SHOP_ADDRESS: "a,b,c,d,e,f,g" })).toThrow(/SHOP_ADDRESS: must have at most 6 lines/);
});
