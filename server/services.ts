import type { Database } from "./db/client.ts";
import { createAccounts, createSocialLogin, type SocialLoginStep, type SocialProviderConfig } from "./modules/accounts/index.ts";
import { createCarts, NEW_BAGS_RULE } from "./modules/cart/index.ts";
import { createCatalog, noFilters } from "./modules/catalog/index.ts";
import { createCheckout } from "./modules/checkout/index.ts";
import { createCompare } from "./modules/compare/index.ts";
import { createCustomers } from "./modules/customers/index.ts";
import { createUploads } from "./modules/media/index.ts";
import { createNewsletter } from "./modules/newsletter/index.ts";
import { listOutbox, readOutboxMail, type Mailer, createMailRunner } from "./modules/mail/index.ts";
import { claimGuestOrders, createOrders, createStaffOperations } from "./modules/orders/index.ts";
import { createPayments, type PaymentProvider } from "./modules/payments/index.ts";
import { createStockAlerts } from "./modules/stock-alerts/index.ts";
import { createStaffAccess } from "./modules/staff-access/index.ts";
import { createPromotions } from "./modules/promotions/index.ts";
import { createProductBulk } from "./modules/product-bulk/index.ts";
import { createBackOffice, createDispatch, type Seller } from "./modules/back-office/index.ts";
import { CATALOGUE_IMPORT_MAX_BYTES, createCatalogueImport } from "./modules/catalogue-import/index.ts";
import { createStock, LOW_STOCK_DEFAULT } from "./modules/stock/index.ts";
import { createShopSettings } from "./modules/shop-settings/index.ts";
import { createDeliveryRates } from "./modules/delivery-rates/index.ts";
import { createPersonalData } from "./modules/personal-data/index.ts";
import { createMediaLibrary } from "./modules/media-library/index.ts";
import { createProductGallery } from "./modules/product-gallery/index.ts";
import { createCatalogueStructure } from "./modules/catalogue-structure/index.ts";
import type { BankDetails } from "./modules/orders/index.ts";
import { formatMoney } from "./lib/money.ts";
import { createShopEvents, type ShopEventTarget } from "./lib/events.ts";
import { rateLimit, type RateLimitStore } from "./modules/rate-limit/index.ts";
import { createSite } from "./modules/site/index.ts";
import { createInformationBlocks } from "./modules/information-blocks/index.ts";
import { createContent } from "./modules/content/index.ts";
import { createExternalLinks } from "./modules/external-links/index.ts";
import { createVideos, type VideosConfig } from "./modules/videos/index.ts";
import { createMembership } from "./modules/membership/index.ts";
import { createNews, renderMarkdown } from "./modules/news/index.ts";
import { createNewsEditor } from "./modules/news-editor/index.ts";
import { createProductEditor } from "./modules/product-editor/index.ts";
import { createPages, createPagesEditor } from "./modules/pages/index.ts";
import { createBackgroundWork } from "./jobs/schedule.ts";

// How many products a page's product carousel shows of a category.
const PAGE_CAROUSEL_PRODUCTS = 8;

/** What the services need besides the database: settings and the outside world's adapters. */
export interface ServicesConfig {
  /** The shop's session secret (DATA_DIR/secrets.json or SESSION_SECRET). */
  secret: string;
  publicUrl: string;
  siteName: string;
  /** CONTACT_EMAIL: the shop's contact address while the owner sets none (ADR 79); hello@ and publicUrl's host by default. */
  contactEmail?: string;
  /** SHOP_TIME_ZONE: where the editors' date-time fields are read and shown (UTC by default). */
  timeZone?: string;
  mailer: Mailer;
  /** DATA_DIR: uploads are stored under its uploads folder. Tests that upload nothing may leave it out. */
  dataDir?: string;
  /** Where mails go when there is no SMTP server (DATA_DIR/outbox); the development outbox page reads it. */
  outboxDir?: string;
  rateLimits: RateLimitStore;
  /** Failures of work done after a request was answered, such as sending a mail; `task`: the background sweep's name. */
  onBackgroundError: (error: unknown, task?: string) => void;
  /** Social login providers (OpenID Connect); none by default. */
  socialProviders?: SocialProviderConfig[];
  /** A social login provider that could not be reached or answered nonsense. */
  onSocialProviderError?: (error: unknown, context: { provider: string; step: SocialLoginStep }) => void;
  /** Selling: the currency, how long unpaid orders keep their stock, the bank account (demo defaults). */
  selling?: Partial<SellingConfig>;
  /** How long a claimed mail is left to its sender before another run takes it (seconds). */
  mailLeaseSeconds?: number;
  /** Card payments (ADR 38): the provider and how long its payment page stays open. Unset: bank transfer only. */
  cardPayments?: { provider: PaymentProvider; checkoutMinutes: number };
  /** The video provider (VIDEO_OEMBED_URL, VIDEO_HOSTS); YouTube by default. */
  videos?: VideosConfig;
  /** Where live events travel (Redis, for several processes); this process's memory by default. */
  eventTarget?: ShopEventTarget;
  /** How long a back-office session lasts after its second factor, and idle (12 h, 30 min by default). */
  backOfficeHours?: number;
  backOfficeIdleMinutes?: number;
  /** The largest catalogue CSV the back office imports, in bytes (50 MB by default). */
  catalogueImportMaxBytes?: number;
}

export interface SellingConfig {
  currency: string;
  reservationDays: number;
  bank: BankDetails;
  /** Who sells, as packing slips and invoices print it (ADR 62); the website is the public address. */
  seller: Omit<Seller, "website">;
}

const DEMO_SELLING: SellingConfig = {
  currency: "EUR",
  reservationDays: 7,
  bank: { accountHolder: "Safe Hands B.V.", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
  seller: {
    name: "Safe Hands B.V.",
    address: ["Keizersgracht 100", "1015 AA Amsterdam", "Netherlands"],
    vatId: "NL000099998B57",
  },
};

/** The domain modules, wired to one database; every adapter (pages, REST, GraphQL) goes through these. */
export function createServices(database: Database, config: ServicesConfig) {
  // Stock, orders and bags tell their changes here once committed (GraphQL subscriptions).
  const events = createShopEvents(database.db, config.eventTarget);
  const cart = createCarts({ newBags: rateLimit(config.rateLimits, NEW_BAGS_RULE) });
  // Every login brings the visitor's guest bag into the customer's, and a confirmed address's guest
  // orders into the account: the accounts module asks the bag and orders modules.
  const accounts = createAccounts({ db: database.db, ...config, bags: cart, guestOrders: { claim: claimGuestOrders } });
  // With PostgreSQL other processes may edit the catalogue too: the catalogue follows their writes (ADR 64).
  const catalog = createCatalog(database.db, { sharedDatabase: database.kind === "postgres" });
  const uploads = config.dataDir ? createUploads({ dataDir: config.dataDir }) : undefined;
  // Categories, brands and filter attributes as staff change them (ADR 69); the storefront's caches follow.
  const catalogueStructure = createCatalogueStructure({ uploads, invalidate: () => catalog.invalidate() });
  const videos = createVideos(config.videos);
  const selling = { ...DEMO_SELLING, ...config.selling };
  // What the owner sets in the back office (ADR 68); the environment's selling values are its defaults.
  const shopSettings = createShopSettings({
    legalName: selling.seller.name,
    address: selling.seller.address,
    vatId: selling.seller.vatId,
    bank: selling.bank,
    reservationDays: selling.reservationDays,
    lowStockAt: LOW_STOCK_DEFAULT,
  });
  const settings = shopSettings.read;
  const mails = createMailRunner(database.db, config.mailer, {
    onError: config.onBackgroundError,
    leaseSeconds: config.mailLeaseSeconds,
  });
  // The back office's sign-in: set-up link, invitations, two factors, its sessions' limits (ADR 59).
  const staffAccess = createStaffAccess({ ...config, db: database.db, mailsWritten: mails.wake });
  // Sign-ups, confirmations and unsubscribes (ADR 40); its mails go through the outbox. Its
  // export for the shop's mailing tool asks for a recent second factor (ADR 77).
  const newsletter = createNewsletter({
    ...config,
    mailsWritten: mails.wake,
    requireRecentSecondFactor: staffAccess.requireRecentSecondFactor,
  });
  // Back-in-stock requests (ADR 47): a claimed sweep mails those whose option is back.
  const stockAlerts = createStockAlerts({ ...config, db: database.db, mailsWritten: mails.wake });
  const orders = createOrders({
    bank: async (db) => (await settings(db)).bank,
    secret: config.secret,
    publicUrl: config.publicUrl,
  });
  // The external-site notice; it also signs the links to other sites the shop renders (news, pages).
  const externalLinks = createExternalLinks({ videoOrigins: videos.provider.siteOrigins, secret: config.secret });
  const shop = { siteName: config.siteName, publicUrl: config.publicUrl, orderLink: orders.statusLink };
  // The back office's product editor (ADR 63), and the content API's product writes (ADR 73): each
  // change drops the catalogue's caches once committed; the description's preview is rendered as
  // the shop renders Markdown.
  const productEditor = createProductEditor({
    invalidate: () => catalog.invalidate(),
    currency: selling.currency,
    renderMarkdown: (markdown) => renderMarkdown(markdown, { sign: externalLinks.sign }),
  });
  const pages = createPages(database.db, {
    sign: externalLinks.sign,
    products: async ({ category, products }) => {
      if (products && products.length > 0) return catalog.cardsBySlug(products);
      if (!category) return [];
      const listing = await catalog.listing.list({
        scope: { category },
        filters: noFilters(),
        sort: "featured",
        page: 1,
        pageSize: PAGE_CAROUSEL_PRODUCTS,
      });
      return listing.products;
    },
  });
  // The shop's pages in the back office (the policies included) and the content API's page writes: one save (ADR 75).
  const pagesEditor = createPagesEditor({
    timeZone: config.timeZone ?? "UTC",
    changed: () => pages.invalidate(),
    renderMarkdown: (markdown) => renderMarkdown(markdown, { sign: externalLinks.sign }),
  });
  const news = createNews(database.db, { sign: externalLinks.sign });
  // The newsroom in the back office and the content API's news writes: one save (ADR 75). Video
  // links are checked with the provider when the back office saves them.
  const newsEditor = createNewsEditor({
    secret: config.secret,
    timeZone: config.timeZone ?? "UTC",
    changed: () => news.invalidate(),
    renderMarkdown: (markdown) => renderMarkdown(markdown, { sign: externalLinks.sign }),
    isVideoAddress: videos.isVideoAddress,
    storeImage: uploads ? (file, field) => uploads.store("news-image", file, field) : undefined,
    checkVideo: async (url) => {
      const found = await videos.lookupEmbed(url);
      return found.ok ? null : found.failure.message;
    },
  });
  // The site's own data and the feature flags (ADR 76); its links to other sites are signed for the notice.
  // Addresses the notice forwards to anyway (the social networks) stay unsigned, as the shop always wrote them.
  const site = createSite(database.db, {
    contactEmail: config.contactEmail ?? `hello@${new URL(config.publicUrl).hostname}`,
    sign: (url) => (externalLinks.leavingTarget(url).ok ? "" : externalLinks.sign(url)),
  });
  const membership = createMembership(database.db, {
    siteName: config.siteName,
    membershipLink: `${config.publicUrl}/membership`,
    mailsWritten: mails.wake,
    currency: selling.currency,
  });
  const staff = createStaffOperations({
    siteName: config.siteName,
    orderLink: orders.statusLink,
    money: formatMoney,
    mailsWritten: mails.wake,
  });
  const payments = createPayments({
    provider: config.cardPayments?.provider ?? null,
    siteName: config.siteName,
    reservationDays: selling.reservationDays,
    checkoutMinutes: config.cardPayments?.checkoutMinutes ?? 30,
    orderLink: orders.statusLink,
    money: formatMoney,
    staff,
    bags: cart,
    mailsWritten: mails.wake,
  });
  const catalogueImport = createCatalogueImport({
    currency: selling.currency,
    maxBytes: config.catalogueImportMaxBytes ?? CATALOGUE_IMPORT_MAX_BYTES,
    catalogueChanged: () => catalog.invalidate(),
    onError: (error) => config.onBackgroundError(error, "catalogue import"),
  });
  const background = createBackgroundWork({
    database,
    catalogueImport,
    shop,
    mails,
    payments,
    membership,
    stockAlerts,
    events,
    onError: config.onBackgroundError,
  });
  return {
    catalog,
    events,
    staffAccess,
    /** A customer's data exported (right of access) or erased, from the back office (ADR 61). */
    personalData: createPersonalData({
      requireRecentSecondFactor: staffAccess.requireRecentSecondFactor,
      removeUpload: uploads ? (src) => uploads.remove(src) : undefined,
    }),
    /** The back office's reads: dashboard, orders, customers, audit log (ADR 60). */
    backOffice: {
      ...createBackOffice({
        currency: selling.currency,
        publicUrl: config.publicUrl,
        cardPayments: config.cardPayments !== undefined,
        lowStockAt: async (db) => (await settings(db)).lowStockAt,
      }),
      // Packing slips, invoices and shipping a batch of orders (ADR 62), through the one ship use case.
      ...createDispatch({
        seller: async (db) => {
          const { legalName, address, vatId } = await settings(db);
          return { name: legalName, address, vatId, website: config.publicUrl };
        },
        bank: async (db) => (await settings(db)).bank,
        cardPayments: config.cardPayments !== undefined,
        ship: staff.ship,
      }),
    },
    /** The catalogue's CSV import: preview, apply (jobs with progress), undo (ADR 70, ADR 72). */
    catalogueImport,
    /** The stock grid, its save and a product's stock history (ADR 66). */
    stock: createStock({
      catalogueChanged: () => catalog.invalidate(),
      lowStockAt: async (db) => (await settings(db)).lowStockAt,
    }),
    catalogueStructure,
    productEditor,
    /** Bulk edits of the product list's products (ADR 71): previewed, then applied in one transaction. */
    productBulk: createProductBulk({
      currency: selling.currency,
      lowStockAt: async (db) => (await settings(db)).lowStockAt,
      invalidate: () => catalog.invalidate(),
    }),
    /** The product information blocks in the back office (ADR 76); product pages show each change at once. */
    informationBlocks: createInformationBlocks({ catalogueChanged: () => catalog.invalidate() }),
    /** Promo codes in the back office (ADR 67); checkout prices them itself. */
    promotions: createPromotions({ currency: selling.currency }),
    compare: createCompare(catalog.productDetail),
    /** A product's images in the back office (ADR 65); the storefront shows each change at once. */
    productGallery: createProductGallery({
      uploads,
      catalogueChanged: () => catalog.invalidate(),
      onCleanupError: (error) => config.onBackgroundError(error, "product-image-cleanup"),
    }),
    /** The media library in the back office (ADR 78): a replaced file or a new text shows everywhere at once. */
    mediaLibrary: createMediaLibrary({
      uploads,
      changed: () => {
        catalog.invalidate();
        news.invalidate();
        pages.invalidate();
      },
      onCleanupError: (error) => config.onBackgroundError(error, "media-file-cleanup"),
    }),
    cart,
    accounts,
    social: createSocialLogin({
      providers: config.socialProviders ?? [],
      publicUrl: config.publicUrl,
      secret: config.secret,
      accounts,
      onProviderError: config.onSocialProviderError,
    }),
    // The account's newsletter preference and the newsletter's list follow each other.
    customers: createCustomers({ onPreferenceChange: newsletter.preferenceChanged, uploads, rateLimits: config.rateLimits }),
    newsletter,
    stockAlerts,
    checkout: createCheckout({
      ...shop,
      currency: selling.currency,
      transfers: async (db) => {
        const { reservationDays, bank } = await settings(db);
        return { reservationDays, bank };
      },
      money: (minor) => formatMoney(minor, selling.currency),
      // Mails written with an order go out as soon as it commits.
      mailsWritten: mails.wake,
      cardPayments: config.cardPayments ? { checkoutMinutes: config.cardPayments.checkoutMinutes } : null,
      rateLimits: config.rateLimits,
      openPayment: (scope, order) =>
        payments.payPage(scope, order).catch((error: unknown) => {
          config.onBackgroundError(error);
          throw error;
        }),
    }),
    orders,
    payments,
    /** Delivery zones, methods and VAT rates as the owner changes them (ADR 68). */
    deliveryRates: createDeliveryRates({ currency: selling.currency }),
    /** The shop's settings an owner changes (legal name, bank, reservation days, low stock; ADR 68). */
    shopSettings,
    /**
     * Order operations for users with the "staff" scope (adapters check the scope). A card
     * order's refund and cancellation go through the payment provider first.
     */
    staff: { ...staff, refund: payments.refund, cancel: payments.cancel },
    /** The outbox's sender: tests wait for it; shutdown lets it finish. */
    mails,
    /**
     * Starts the work nobody asks for (the server process only; jobs/schedule.ts lists it): now,
     * then every minute. Stopping lets what runs in this process finish (shutdown, tests).
     */
    startBackgroundWork: background.start,
    stopBackgroundWork: background.stop,
    site,
    news,
    newsEditor,
    pages,
    pagesEditor,
    membership,
    // Video links must be the configured provider's (SPEC §5); its lookups and player (§8).
    content: createContent({
      videoPatterns: videos.provider.videoPatterns,
      catalogueStructure,
      productEditor,
      newsEditor,
      pagesEditor,
      // An owner's edit of the plans or a page shows at once in this process.
      onChange: (apiId) => {
        if (apiId === "memberships") membership.invalidatePlans();
        if (apiId === "pages") pages.invalidate();
        if (apiId === "news" || apiId === "news-categories") news.invalidate();
        if (apiId === "feature-flags") site.invalidate();
      },
    }),
    videos,
    /**
     * Where the external-site notice may send a visitor (SPEC §2): the video provider's and social
     * hosts, and any https address the shop signed when it rendered the link.
     */
    externalLinks,
    outbox: {
      list: () => (config.outboxDir ? listOutbox(config.outboxDir) : Promise.resolve([])),
      read: (id: string) => (config.outboxDir ? readOutboxMail(config.outboxDir, id) : Promise.resolve(null)),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
