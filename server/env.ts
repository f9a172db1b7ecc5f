import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { parseSocialProviders, type SocialProviderConfig, SocialConfigError } from "./modules/accounts/index.ts";
import { findCountry } from "./modules/customers/index.ts";
import { isTimeZone } from "./modules/editorial/index.ts";
import { oembedUrlSetting, videoHostsSetting } from "./modules/videos/index.ts";

const port = z.coerce
  .number({ error: "must be a whole number between 1 and 65535" })
  .int("must be a whole number between 1 and 65535")
  .min(1, "must be a whole number between 1 and 65535")
  .max(65535, "must be a whole number between 1 and 65535");

/** A whole number of `unit` from `min` to `max`; `why` says where a bound comes from. */
function wholeNumber(unit: string, min: number, max: number, why: { min?: string; max?: string } = {}) {
  const whole = `must be a whole number${unit ? ` of ${unit}` : ""}`;
  const because = (reason?: string) => (reason ? ` (${reason})` : "");
  return z.coerce
    .number({ error: whole })
    .int(whole)
    .min(min, min === 0 ? "must be 0 or more" : `must be at least ${min}${because(why.min)}`)
    .max(max, `must be at most ${max}${because(why.max)}`);
}

/** An address with one of `protocol`'s schemes, or unset (an empty value is unset too). */
function optionalUrl(protocol: RegExp, error: string) {
  return z
    .url({ protocol, error })
    .optional()
    .or(z.literal("").transform(() => undefined));
}

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const currencies = new Set(Intl.supportedValuesOf("currency"));

function minorDigits(currency: string) {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
}

/** Every setting the shop reads from the environment, checked once at boot. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: port.default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) address such as https://shop.example" }).optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalUrl(/^postgres(ql)?$/, "must be a postgres:// address"),
    SITE_NAME: z.string().trim().min(1).max(80).default("Safe Hands"),
    PRODUCT_NOUN: z
      .string()
      .trim()
      .regex(/^[a-z][a-z -]{0,30}$/i, "must be a short word such as keeper")
      .default("keeper"),
    TAGLINE: optionalText,
    // The shop's contact address (the footer, the checkout's help), while the owner has given none
    // on /admin/site (ADR 79). Unset: hello@ and PUBLIC_URL's host.
    CONTACT_EMAIL: z
      .string()
      .trim()
      .pipe(z.union([z.literal(""), z.email({ error: "must be an e-mail address such as hello@shop.example" })]))
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    CURRENCY: z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => currencies.has(c), "must be an ISO 4217 currency code such as EUR")
      // Prices, filters and the price slider count in cents: a currency with another number of
      // minor units (JPY, KWD) would need them all to say so.
      .refine(
        (c) => !currencies.has(c) || minorDigits(c) === 2,
        "must be a currency with cents (two decimals), such as EUR or GBP",
      )
      .default("EUR"),
    // The country address forms start at, and checkout prices for, until a shopper chooses theirs
    // (or has a saved address): the shop's home market, with CURRENCY (ADR 55).
    SHOP_DEFAULT_COUNTRY: z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => findCountry(code) !== undefined, "must be the ISO 3166-1 code of a country, such as NL or DE")
      .default("NL"),
    // The zone the news and pages editors' date-time fields are read and shown in (ADR 75).
    SHOP_TIME_ZONE: z
      .string()
      .trim()
      .refine(isTimeZone, "must be an IANA time zone such as Europe/Amsterdam or UTC")
      .default("UTC"),
    LOG_LEVEL: z.enum(["silent", "error", "info", "debug"]).default("info"),
    // How long a page rendered for an anonymous visitor (no cookies) is served again from memory;
    // 0 turns the page cache off (docs/decisions/0021-anonymous-page-cache.md).
    PAGE_CACHE_MS: wholeNumber("milliseconds", 0, 60_000).default(5000),
    // The most megabytes of resized images kept in DATA_DIR/image-cache; the oldest go past it.
    IMAGE_CACHE_MB: wholeNumber("megabytes", 1, 1_000_000).default(512),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // Outgoing mail: smtp(s)://user:pass@host:port. Unset: mails are written to DATA_DIR/outbox.
    SMTP_URL: optionalUrl(/^smtps?$/, "must be an smtp:// or smtps:// address"),
    MAIL_FROM: z
      .string()
      .trim()
      .regex(/^[^\r\n]{3,200}$/, "must be a sender such as Safe Hands <shop@example.com>")
      .optional(),
    // How long a process may take to send a claimed batch of mails before another run (or process)
    // takes them over: after a crash, its unsent mails go out this long later (ADR 37).
    // Longer than one mail takes to send (a batch marks what it sent once half of it is gone).
    MAIL_LEASE_SECONDS: wholeNumber("seconds", 30, 3600).default(300),
    /** A back-office session ends this long after its second factor (ADR 59). */
    BACK_OFFICE_SESSION_HOURS: wholeNumber("hours", 1, 168).default(12),
    /** ... and after this long without a back-office request. */
    BACK_OFFICE_IDLE_MINUTES: wholeNumber("minutes", 5, 1440).default(30),
    /** The largest catalogue CSV the back office imports, in MB (ADR 70). */
    CATALOGUE_IMPORT_MAX_MB: wholeNumber("MB", 1, 500).default(50),
    // Unpaid bank-transfer orders keep their stock this many days, then are cancelled (ADR 37).
    ORDER_RESERVATION_DAYS: wholeNumber("days", 1, 60).default(7),
    // The account shoppers paying by bank transfer pay into (shown on the order page and mail).
    // The defaults are a demo account: set the shop's own before selling.
    BANK_ACCOUNT_HOLDER: z.string().trim().min(2).max(100).optional(),
    BANK_IBAN: z
      .string()
      .trim()
      .transform((iban) => iban.replace(/\s+/g, "").toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, "must be an IBAN such as NL91ABNA0417164300"))
      .default("NL91ABNA0417164300"),
    BANK_BIC: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "must be a BIC such as ABNANL2A")
      .default("ABNANL2A"),
    // Who sells, as packing slips and invoices print it (ADR 62). The defaults are a demo shop's:
    // set the shop's own before selling. SHOP_VAT_ID set empty: a seller without one (none printed).
    SHOP_LEGAL_NAME: z
      .string()
      .trim()
      .max(100)
      // Set empty, as unset: the shop's name.
      .transform((v) => (v === "" ? undefined : v))
      .pipe(z.string().min(2).optional())
      .optional(),
    SHOP_ADDRESS: z
      .string()
      .default("Keizersgracht 100, 1015 AA Amsterdam, Netherlands")
      // Comma-separated lines, as on an envelope: an environment variable holds no line breaks.
      .transform((text) =>
        text
          .split(",")
          .map((line) => line.trim())
          .filter((line) => line !== ""),
      )
      .pipe(
        z
          .array(z.string().max(100, "must have lines of at most 100 characters"))
          .min(1, "must be the shop's postal address, its lines separated by commas")
          .max(6, "must have at most 6 lines (separated by commas)"),
      ),
    SHOP_VAT_ID: z
      .string()
      .default("NL000099998B57")
      .transform((id) => id.replace(/[\s.-]+/g, "").toUpperCase())
      .pipe(
        z
          .string()
          .regex(/^([A-Z]{2}[0-9A-Z+*]{2,13})?$/, "must be a VAT identification number such as NL000099998B57, or empty")
          .transform((id) => (id === "" ? null : id)),
      ),
    // Card payments through Stripe Checkout (ADR 38): both keys, or neither (bank transfer only).
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/, "must be a Stripe secret key such as sk_live_…")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=_-]{8,}$/, "must be a Stripe webhook signing secret such as whsec_…")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Another address for Stripe's API (a local fake or stripe-mock); unset: Stripe itself.
    STRIPE_API_URL: optionalUrl(/^https?$/, "must be an http(s) address"),
    // How long a card payment page stays open; the order keeps its stock that long (Stripe: 30 to 1440).
    CARD_CHECKOUT_MINUTES: wholeNumber("minutes", 30, 1380, {
      min: "Stripe's shortest",
      max: "Stripe's longest is a day",
    }).default(30),
    // Visitor analytics (ADR 40): an Umami tracker's https address and the site's website id in
    // Umami, both or neither. Unset: no analytics script at all, and the pages' policy allows none.
    ANALYTICS_SCRIPT_URL: optionalUrl(
      /^https$/,
      "must be the https address of the analytics script, such as https://stats.example.com/script.js",
    ),
    ANALYTICS_SITE_ID: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be the site's website id in Umami, a UUID")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Shared state between processes (rate limits); unset: each process keeps its own in memory.
    REDIS_URL: optionalUrl(/^rediss?$/, "must be a redis:// or rediss:// address"),
    // How many reverse proxies stand in front of the shop: the visitor's address is read from the
    // X-Forwarded-For header that many hops back. 0 (default): the connection's own address.
    TRUST_PROXY: wholeNumber("proxies", 0, 10).default(0),
    // Worker processes on this machine (node:cluster), which share the port; 1: this process alone.
    WEB_CONCURRENCY: wholeNumber("processes", 1, 64).default(1),
    DEMO_SHOP: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    DEMO_PRODUCTS: wholeNumber("", 1, 200_000).default(320),
    // Hosts the image endpoint may fetch remote sources from: "cdn.example.com" (default port)
    // or "127.0.0.1:8080", comma-separated; empty allows the shop's own /media/ files only.
    IMAGE_HOSTS: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter((h) => h !== ""),
      )
      .superRefine((hosts, context) => {
        const bad = hosts.find((h) => !/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(h));
        if (bad !== undefined) {
          context.addIssue({
            code: "custom",
            message: `"${bad}" is not a host: give comma-separated host names such as cdn.example.com or 127.0.0.1:8080`,
          });
        }
      }),
    // The video provider's oEmbed endpoint (https; http only on localhost); unset: YouTube's.
    VIDEO_OEMBED_URL: oembedUrlSetting,
    // The video provider's hosts ("videos.example.com", "127.0.0.1:8080"), comma-separated: video
    // links must be addresses on them and its player is framed from them. Unset: YouTube.
    VIDEO_HOSTS: videoHostsSetting,
  })
  .superRefine((e, context) => {
    if ((e.ANALYTICS_SCRIPT_URL === undefined) !== (e.ANALYTICS_SITE_ID === undefined)) {
      const missing = e.ANALYTICS_SCRIPT_URL === undefined ? "ANALYTICS_SCRIPT_URL" : "ANALYTICS_SITE_ID";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "analytics needs both ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID",
      });
    }
    // Several processes share what one keeps in memory only through PostgreSQL and Redis.
    if (e.WEB_CONCURRENCY > 1 && e.DATABASE_URL === undefined) {
      context.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "more than one process needs DATABASE_URL (PostgreSQL): the embedded database allows one process",
      });
    } else if (e.WEB_CONCURRENCY > 1 && e.REDIS_URL === undefined) {
      context.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "more than one process needs REDIS_URL, which carries their rate limits, live events and persisted queries",
      });
    }
    if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
      const missing = e.STRIPE_SECRET_KEY === undefined ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
      });
    }
  })
  .transform((e) => ({
    ...e,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    TAGLINE: e.TAGLINE ?? `for every ${e.PRODUCT_NOUN}, everywhere, always`,
    DATA_DIR: resolve(e.DATA_DIR),
    MAIL_FROM: e.MAIL_FROM ?? `${e.SITE_NAME} <shop@${hostOf(e.PUBLIC_URL ?? "http://localhost")}>`,
    CONTACT_EMAIL: e.CONTACT_EMAIL ?? `hello@${hostOf(e.PUBLIC_URL ?? "http://localhost")}`,
  }));

function hostOf(url: string): string {
  const host = new URL(url).hostname;
  // A mailbox needs a domain; localhost and addresses are fine for the outbox and test servers.
  return host.startsWith("[") ? "localhost" : host;
}

export type Env = z.output<typeof envSchema> & {
  /** Social login providers (SOCIAL_PROVIDERS and OIDC_<NAME>_*); see social/config.ts. */
  socialProviders: SocialProviderConfig[];
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment; a bad value throws a ConfigError naming every wrong variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  const lines = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  let socialProviders: SocialProviderConfig[] = [];
  try {
    socialProviders = parseSocialProviders(source);
  } catch (error) {
    if (!(error instanceof SocialConfigError)) throw error;
    lines.push(...error.issues.map((issue) => `  ${issue.variable}: ${issue.message}`));
  }
  if (!result.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  return { ...result.data, socialProviders };
}

export interface Secrets {
  sessionSecret: string;
}

/**
 * Secrets not given in the environment are generated on first start and kept in
 * DATA_DIR/secrets.json (owner-only), so sessions survive restarts. They are never logged.
 */
export function loadSecrets(env: Env): Secrets {
  const file = join(env.DATA_DIR, "secrets.json");
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
  const secrets: Secrets = {
    sessionSecret: env.SESSION_SECRET ?? stored.sessionSecret ?? randomBytes(32).toString("base64url"),
  };
  if (!env.SESSION_SECRET && stored.sessionSecret !== secrets.sessionSecret) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify({ ...stored, sessionSecret: secrets.sessionSecret }, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}

/** The part of the configuration the browser may see. */
export function publicEnv(env: Env) {
  return {
    siteName: env.SITE_NAME,
    productNoun: env.PRODUCT_NOUN,
    tagline: env.TAGLINE,
    currency: env.CURRENCY,
    defaultCountry: env.SHOP_DEFAULT_COUNTRY,
    publicUrl: env.PUBLIC_URL,
    // The analytics tag's attributes, only when it is configured (ADR 40).
    ...(env.ANALYTICS_SCRIPT_URL && env.ANALYTICS_SITE_ID
      ? { analytics: { scriptUrl: env.ANALYTICS_SCRIPT_URL, siteId: env.ANALYTICS_SITE_ID } }
      : {}),
  };
}

/** The origin the analytics script loads from and reports to, for the pages' policy; none when unset. */
export function analyticsOrigins(env: Env): string[] {
  return env.ANALYTICS_SCRIPT_URL ? [new URL(env.ANALYTICS_SCRIPT_URL).origin] : [];
}

export type PublicEnv = ReturnType<typeof publicEnv>;
