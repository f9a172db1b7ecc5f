import type { Database } from "./db/client.ts";
import { createAccounts } from "./modules/accounts/index.ts";
import { createSocialLogin, type SocialLoginStep, type SocialProviderConfig } from "./modules/accounts/social/index.ts";
import { createCarts, NEW_BAGS_RULE } from "./modules/cart/index.ts";
import { createCatalog } from "./modules/catalog/index.ts";
import { createCompare } from "./modules/compare/index.ts";
import { createCustomers } from "./modules/customers/index.ts";
import { listOutbox, readOutboxMail, type Mailer } from "./modules/mail/index.ts";
import { rateLimit, type RateLimitStore } from "./modules/rate-limit/index.ts";
import { createSite } from "./modules/site/index.ts";

/** What the services need besides the database: settings and the outside world's adapters. */
export interface ServicesConfig {
  /** The shop's session secret (DATA_DIR/secrets.json or SESSION_SECRET). */
  secret: string;
  publicUrl: string;
  siteName: string;
  mailer: Mailer;
  /** Where mails go when there is no SMTP server (DATA_DIR/outbox); the development outbox page reads it. */
  outboxDir?: string;
  rateLimits: RateLimitStore;
  /** Failures of work done after a request was answered, such as sending a mail. */
  onBackgroundError: (error: unknown) => void;
  /** Social login providers (OpenID Connect); none by default. */
  socialProviders?: SocialProviderConfig[];
  /** A social login provider that could not be reached or answered nonsense. */
  onSocialProviderError?: (error: unknown, context: { provider: string; step: SocialLoginStep }) => void;
}

/** The domain modules, wired to one database; every adapter (pages, REST, GraphQL) goes through these. */
export function createServices(database: Database, config: ServicesConfig) {
  const cart = createCarts({ newBags: rateLimit(config.rateLimits, NEW_BAGS_RULE) });
  // Every login brings the visitor's guest bag into the customer's: the accounts module asks the bag module.
  const accounts = createAccounts({ db: database.db, ...config, bags: cart });
  const catalog = createCatalog(database.db);
  return {
    catalog,
    compare: createCompare(catalog.productDetail),
    cart,
    accounts,
    social: createSocialLogin({
      providers: config.socialProviders ?? [],
      publicUrl: config.publicUrl,
      secret: config.secret,
      accounts,
      onProviderError: config.onSocialProviderError,
    }),
    customers: createCustomers(),
    site: createSite(database.db),
    outbox: {
      list: () => (config.outboxDir ? listOutbox(config.outboxDir) : Promise.resolve([])),
      read: (id: string) => (config.outboxDir ? readOutboxMail(config.outboxDir, id) : Promise.resolve(null)),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
