import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// One module serves every listing; its address says what it lists (lib/listing-place.ts).
const listing = (path: string, id: string) => route(path, "routes/shop/listing.tsx", { id });

const routes: RouteConfig = [
  index("routes/site/home.tsx"),
  listing("shop", "shop"),
  listing("shop/:category", "shop-category"),
  listing("shop/:category/sale", "shop-category-sale"),
  route("shop/:category/brand", "routes/shop/category-index.tsx", { id: "shop-category-brands" }),
  listing("shop/:category/brand/:brand", "shop-category-brand"),
  route("shop/:category/sub", "routes/shop/category-index.tsx", { id: "shop-category-subs" }),
  listing("shop/:category/sub/sale", "shop-category-sub-sale"),
  listing("shop/:category/sub/:sub", "shop-sub"),
  listing("shop/:category/sub/:sub/sale", "shop-sub-sale"),
  listing("brands/:brand", "brand"),
  // A product page; the static segments above (sale, brand, sub) rank before it.
  route("shop/:category/:product", "routes/shop/product.tsx"),
  route("bag", "routes/checkout/bag.tsx"),
  route("checkout", "routes/checkout/checkout.tsx"),
  route("orders/:number", "routes/checkout/order-status.tsx"),
  route("compare-products", "routes/shop/compare-products.tsx"),
  route("membership", "routes/membership/membership.tsx"),
  route("membership-world", "routes/membership/world.tsx"),
  route("news-and-media", "routes/news/listing.tsx", { id: "news" }),
  route("news-and-media/feed.xml", "routes/news/feed.tsx"),
  route("news-and-media/:section", "routes/news/listing.tsx", { id: "news-section" }),
  route("news-and-media/:section/:category", "routes/news/listing.tsx", { id: "news-category" }),
  route("news-and-media/:section/post/:post", "routes/news/post.tsx"),
  // A post's signed preview link (ADR 75): never indexed nor cached.
  route("news-and-media/preview/:token", "routes/news/preview.tsx"),
  route("search", "routes/shop/search.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("sign-up", "routes/auth/sign-up.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("recover-user", "routes/auth/recover-user.tsx"),
  route("confirm-email", "routes/auth/confirm-email.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  // The newsletter (ADR 40): the sign-up form's action and the pages its mails link to; not in the sitemap.
  route("newsletter", "routes/newsletter/subscribe.tsx"),
  route("newsletter/confirm", "routes/newsletter/confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter/unsubscribe.tsx"),
  // The cancel link of a back-in-stock request's mails (ADR 47); not in the sitemap.
  route("back-in-stock/cancel", "routes/back-in-stock/cancel.tsx"),
  route("my-account", "routes/account/layout.tsx", [
    index("routes/account/overview.tsx"),
    route("personal-details", "routes/account/personal-details.tsx"),
    route("delivery-addresses", "routes/account/delivery-addresses.tsx"),
    route("communication-preferences", "routes/account/communication-preferences.tsx"),
    route("order-history", "routes/account/order-history.tsx"),
    route("order-history/:id/order", "routes/account/order.tsx"),
  ]),
  // The back office (issue 24, ADR 58): its sign-in steps, then its pages inside its own frame.
  layout("routes/admin/access/frame.tsx", [
    // The owner's set-up link (printed at a start with no owner) and a mailed invitation: one page.
    route("admin/setup", "routes/admin/access/invitation.tsx", { id: "admin-setup" }),
    route("admin/join", "routes/admin/access/invitation.tsx", { id: "admin-join" }),
    route("admin/enrol", "routes/admin/access/enrol.tsx"),
    route("admin/verify", "routes/admin/access/verify.tsx"),
  ]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/export.csv", "routes/admin/orders-export.tsx"),
    route("orders/:number", "routes/admin/order.tsx"),
    // Documents to print (ADR 62): one order's, or the packing slips of those chosen on the list.
    route("orders/packing-slips", "routes/admin/packing-slips.tsx", { id: "admin-packing-slips" }),
    route("orders/:number/packing-slip", "routes/admin/packing-slips.tsx", { id: "admin-packing-slip" }),
    route("orders/:number/invoice", "routes/admin/invoice.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("customers/:id", "routes/admin/customer.tsx"),
    route("customers/:id/export.json", "routes/admin/customer-export.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/export.csv", "routes/admin/products-export.tsx"),
    route("products/bulk", "routes/admin/products-bulk.tsx"),
    route("imports", "routes/admin/imports.tsx"),
    route("imports/:id", "routes/admin/import.tsx"),
    route("products/:id/images", "routes/admin/product-images.tsx"),
    route("stock", "routes/admin/stock.tsx"),
    route("stock/:productId", "routes/admin/stock-history.tsx"),
    // Back-in-stock demand by product and option (ADR 77).
    route("demand", "routes/admin/demand.tsx"),
    // The catalogue's structure (ADR 69): the overview, then one page per record; "new" ranks before :id.
    route("catalogue", "routes/admin/catalogue.tsx"),
    route("catalogue/categories/new", "routes/admin/catalogue-category.tsx", { id: "admin-category-new" }),
    route("catalogue/categories/:id", "routes/admin/catalogue-category.tsx", { id: "admin-category" }),
    route("catalogue/brands/new", "routes/admin/catalogue-brand.tsx", { id: "admin-brand-new" }),
    route("catalogue/brands/:id", "routes/admin/catalogue-brand.tsx", { id: "admin-brand" }),
    route("catalogue/attributes/new", "routes/admin/catalogue-attribute.tsx", { id: "admin-attribute-new" }),
    route("catalogue/attributes/:id", "routes/admin/catalogue-attribute.tsx", { id: "admin-attribute" }),
    // The product editor (ADR 63): a new product, and one product's page.
    route("products/new", "routes/admin/product-new.tsx"),
    route("products/:id", "routes/admin/product-edit.tsx"),
    route("promotions", "routes/admin/promotions.tsx"),
    route("promotions/new", "routes/admin/promotion.tsx", { id: "admin-promotion-new" }),
    route("promotions/:id", "routes/admin/promotion.tsx", { id: "admin-promotion" }),
    // The newsletter's list and its export for the shop's mailing tool (ADR 77).
    // News and exclusives (ADR 75).
    route("news", "routes/admin/news.tsx"),
    route("news/new", "routes/admin/news-edit.tsx", { id: "admin-news-new" }),
    route("news/:id", "routes/admin/news-edit.tsx", { id: "admin-news-edit" }),
    route("pages", "routes/admin/pages.tsx"),
    route("pages/new", "routes/admin/page-edit.tsx", { id: "admin-page-new" }),
    route("pages/:id", "routes/admin/page-edit.tsx", { id: "admin-page-edit" }),
    route("newsletter", "routes/admin/newsletter.tsx"),
    route("newsletter/export.csv", "routes/admin/newsletter-export.tsx"),
    // The shop's flags and pages of record, and the site's own data (issue 26 §3-4, ADR 76).
    route("flags", "routes/admin/flags.tsx"),
    route("launch", "routes/admin/launch.tsx"),
    route("information", "routes/admin/information.tsx"),
    route("information/new", "routes/admin/information-block.tsx", { id: "admin-information-new" }),
    route("information/:id", "routes/admin/information-block.tsx", { id: "admin-information-block" }),
    route("site", "routes/admin/site.tsx"),
    route("media", "routes/admin/media.tsx"),
    route("media/upload", "routes/admin/media-upload.tsx"),
    route("media/:id", "routes/admin/media-item.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("delivery", "routes/admin/delivery.tsx"),
    route("memberships", "routes/admin/memberships.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("account", "routes/admin/account.tsx"),
    route("confirm", "routes/admin/confirm.tsx"),
    route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
  ]),
  route("sitemap.xml", "routes/site/sitemap.tsx"),
  route("robots.txt", "routes/site/robots.tsx"),
  route("404", "routes/site/not-found.tsx", { id: "not-found" }),
  route("error", "routes/site/error-page.tsx"),
  route("icons", "routes/site/icons.tsx"),
  // The external-site notice for links that leave the shop (SPEC §2); not in the sitemap.
  route("leaving", "routes/site/leaving.tsx"),
  // Any other single segment names a shop page (/about, the policies, /launch...), or nothing.
  route(":page", "routes/site/page.tsx"),
  route("*", "routes/site/not-found.tsx", { id: "catch-all" }),
];

// Development only (npm run dev): the mails the shop wrote to DATA_DIR/outbox instead of sending
// them. A production build never has these routes.
if (process.env.NODE_ENV !== "production") {
  routes.splice(
    routes.length - 1,
    0,
    route("dev/outbox", "routes/dev/outbox.tsx"),
    route("dev/outbox/:id", "routes/dev/outbox-mail.tsx"),
  );
}

// The benchmark's framework floor: one line through React Router, built only for `npm run bench`.
if (process.env.SHOP_BENCH === "1") routes.push(route("__bench/floor", "routes/site/bench-floor.tsx"));

export default routes;
