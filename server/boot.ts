import cluster from "node:cluster";
import { systemScope } from "./lib/scope.ts";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { databaseTargetFor, openDatabase, type Database, type Db } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import { siteSettings } from "./db/schema/index.ts";
import { isCatalogueEmpty, renderShopArtwork, seedCheckoutDefaults, seedDemoContent, seedDemoShop } from "./db/seed/index.ts";
import { loadSecrets, type Env } from "./env.ts";
import { createLogger, type Logger } from "./http/logger.ts";
import { fillUsernameSkeletons } from "./modules/accounts/index.ts";
import { createMailer } from "./modules/mail/index.ts";
import { createRateLimitStore, type RateLimitStore } from "./modules/rate-limit/index.ts";
import { createStripeProvider } from "./modules/payments/index.ts";
import { createServices, type Services } from "./services.ts";
import { createRedisEvents } from "./lib/redis-events.ts";
import type { APQStore } from "@graphql-yoga/plugin-apq";
import { createRedisAPQStore } from "./api/graphql/apq-redis-store.ts";
import { APQ_ENTRIES, APQ_TTL_MS } from "./api/graphql/yoga.ts";

export interface Booted {
  env: Env;
  logger: Logger;
  database: Database;
  services: Services;
  /** The rate limits' store (Redis with REDIS_URL): adapters keep their own per-address limits in it. */
  rateLimits: RateLimitStore;
  /** Persisted queries in Redis with REDIS_URL; undefined: each process's memory. */
  apqStore?: APQStore;
  /** Waits for work still running (mails being sent), then closes connections and the database. */
  shutdown(): Promise<void>;
}

// Marks a database whose demo shop has been loaded, so a catalogue the owner empties on purpose
// is not filled again on the next start.
const DEMO_MARK = "demoShopLoadedAt";
// The same for the demo's news, plans and pages, which came later: a shop whose catalogue was
// loaded before them gets them once, and an owner who deletes them does not get them back.
const CONTENT_MARK = "demoContentLoadedAt";
// DEMO_MARK's value when the catalogue was the owner's before the demo could load.
const OWNER_FILLED = "filled by the owner: ";

/** Everything both servers (production and dev) need: database migrated, demo loaded, services. */
export async function boot(env: Env): Promise<Booted> {
  const logger = createLogger(env.LOG_LEVEL);
  const secrets = loadSecrets(env);
  const database = await openDatabase(databaseTargetFor(env));
  try {
    await applyMigrations(database);
    await database.exclusive(async (db) => {
      // Accounts made before user names had skeletons get theirs (a no-op once done).
      await fillUsernameSkeletons(db);
      // VAT rates and delivery methods, so a new shop can sell (only where there are none).
      await seedCheckoutDefaults(db);
    });
    if (env.DEMO_SHOP) await loadDemoShopOnce(database, env, logger);
    // The hero, the membership card and the rest of the shop's own pictures (ADR 80), where missing.
    await renderShopArtwork(join(env.DATA_DIR, "media"));
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const outboxDir = join(env.DATA_DIR, "outbox");
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, outboxDir, from: env.MAIL_FROM });
  const rateLimits = createRateLimitStore({
    redisUrl: env.REDIS_URL,
    onError: (error) => logger.error("rate limits: Redis unavailable, counting in this process", { error: String(error) }),
  });
  // With Redis, live events reach every process of the shop (GraphQL subscriptions, ADR 45).
  const redisEvents = env.REDIS_URL
    ? createRedisEvents({
        url: env.REDIS_URL,
        onError: (error) => logger.error("live events: Redis unavailable", { error: String(error) }),
      })
    : null;
  // With Redis, a query registered on one process runs by its hash on any other (ADR 15).
  const apqStore = env.REDIS_URL
    ? createRedisAPQStore({
        url: env.REDIS_URL,
        ttlMs: APQ_TTL_MS,
        maxInMemory: APQ_ENTRIES,
        onError: (error) => logger.error("persisted queries: Redis unavailable, kept in this process", { error: String(error) }),
      })
    : undefined;
  const services = createServices(database, {
    eventTarget: redisEvents?.eventTarget,
    secret: secrets.sessionSecret,
    publicUrl: env.PUBLIC_URL,
    siteName: env.SITE_NAME,
    contactEmail: env.CONTACT_EMAIL,
    timeZone: env.SHOP_TIME_ZONE,
    mailer,
    dataDir: env.DATA_DIR,
    outboxDir: env.SMTP_URL ? undefined : outboxDir,
    rateLimits,
    onBackgroundError: (error, task) =>
      logger.error("background task failed", {
        ...(task ? { task } : {}),
        error: String((error as Error)?.stack ?? error),
        // A sweep that carried on past some rows' failures says what each was.
        ...(error instanceof AggregateError ? { each: error.errors.map((one: unknown) => describeFailure(one)) } : {}),
      }),
    socialProviders: env.socialProviders,
    onSocialProviderError: (error, context) => logger.error("social login provider failed", { ...context, error: String(error) }),
    selling: {
      currency: env.CURRENCY,
      reservationDays: env.ORDER_RESERVATION_DAYS,
      bank: { accountHolder: env.BANK_ACCOUNT_HOLDER ?? env.SITE_NAME, iban: env.BANK_IBAN, bic: env.BANK_BIC },
      seller: { name: env.SHOP_LEGAL_NAME ?? env.SITE_NAME, address: env.SHOP_ADDRESS, vatId: env.SHOP_VAT_ID },
    },
    mailLeaseSeconds: env.MAIL_LEASE_SECONDS,
    backOfficeHours: env.BACK_OFFICE_SESSION_HOURS,
    backOfficeIdleMinutes: env.BACK_OFFICE_IDLE_MINUTES,
    catalogueImportMaxBytes: env.CATALOGUE_IMPORT_MAX_MB * 1024 * 1024,
    videos: { oembedUrl: env.VIDEO_OEMBED_URL, hosts: env.VIDEO_HOSTS },
    cardPayments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            provider: createStripeProvider({
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiUrl: env.STRIPE_API_URL,
            }),
            checkoutMinutes: env.CARD_CHECKOUT_MINUTES,
          }
        : undefined,
  });
  return {
    env,
    logger,
    database,
    services,
    rateLimits,
    apqStore,
    async shutdown() {
      await services.stopBackgroundWork().catch(() => {});
      await services.accounts.settled().catch(() => {});
      await Promise.allSettled([mailer.close(), rateLimits.close(), redisEvents?.close(), apqStore?.close()]);
      await database.close();
    },
  };
}

async function loadDemoShopOnce(database: Database, env: Env, logger: Logger) {
  await database.exclusive(async (db) => {
    await loadDemoCatalogueOnce(db, env, logger);
    await loadDemoContentOnce(db, env, logger);
  });
}

async function loadDemoCatalogueOnce(db: Db, env: Env, logger: Logger) {
  const marked = await db.select().from(siteSettings).where(eq(siteSettings.key, DEMO_MARK));
  if (marked.length > 0) return;
  if (!(await isCatalogueEmpty(db))) {
    // Filled by the owner (or `npm run seed`, which brings its content): it counts as loaded, and
    // the demo's news, plans and pages never come into it.
    const now = new Date().toISOString();
    await db
      .insert(siteSettings)
      .values({ key: DEMO_MARK, value: `${OWNER_FILLED}${now}` })
      .onConflictDoNothing();
    await db.insert(siteSettings).values({ key: CONTENT_MARK, value: now }).onConflictDoNothing();
    return;
  }
  logger.info("loading the demo shop", { products: env.DEMO_PRODUCTS });
  const started = performance.now();
  // One transaction: a start that dies half-way leaves no half-built shop behind. It brings the
  // demo content along, so that is marked loaded too.
  await db.transaction(async (tx) => {
    await seedDemoShop(tx, { products: env.DEMO_PRODUCTS, mediaDir: join(env.DATA_DIR, "media") });
    const now = new Date().toISOString();
    await tx.insert(siteSettings).values({ key: DEMO_MARK, value: now });
    await tx.insert(siteSettings).values({ key: CONTENT_MARK, value: now }).onConflictDoNothing();
  });
  logger.info("demo shop loaded", { seconds: Math.round(performance.now() - started) / 1000 });
}

async function loadDemoContentOnce(db: Db, env: Env, logger: Logger) {
  const marked = await db.select().from(siteSettings).where(eq(siteSettings.key, CONTENT_MARK));
  if (marked.length > 0) return;
  // Only a demo shop gets the demo's content: never one whose catalogue the owner filled.
  const [catalogue] = await db.select().from(siteSettings).where(eq(siteSettings.key, DEMO_MARK));
  if (typeof catalogue?.value === "string" && catalogue.value.startsWith(OWNER_FILLED)) return;
  // Adds only the kinds that have no rows yet, in one transaction of its own.
  const counts = await seedDemoContent(db, { mediaDir: join(env.DATA_DIR, "media") });
  await db.insert(siteSettings).values({ key: CONTENT_MARK, value: new Date().toISOString() }).onConflictDoNothing();
  logger.info("demo content loaded", { ...counts });
}

/** One failure in a line: its message, and what caused it (a failed query's database error). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message.split("\n")[0]}: ${error.cause.message}` : error.message;
}

/**
 * While the shop has no owner, each start prints a one-time set-up link (valid 24 hours) to its
 * console and its log: whoever runs the shop opens it to create the owner (issue 24, ADR 58).
 * With several processes, only the first worker prints it.
 */
export async function announceOwnerSetup(services: Booted["services"], database: Database, logger: Logger): Promise<void> {
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  const link = await services.staffAccess.ownerSetupLink(systemScope(database.db));
  if (!link) return;
  console.log(`The shop has no owner yet. Set one up within 24 hours at: ${link}`);
  logger.info("owner set-up link", { link });
}
