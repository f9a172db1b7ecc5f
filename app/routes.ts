import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One module serves every listing; its address says what it lists (lib/listing-place.ts).
const listing = (path: string, id: string) => route(path, "routes/shop-listing.tsx", { id });

const routes: RouteConfig = [
  index("routes/home.tsx"),
  listing("shop", "shop"),
  listing("shop/:category", "shop-category"),
  listing("shop/:category/sale", "shop-category-sale"),
  route("shop/:category/brand", "routes/shop-category-index.tsx", { id: "shop-category-brands" }),
  listing("shop/:category/brand/:brand", "shop-category-brand"),
  route("shop/:category/sub", "routes/shop-category-index.tsx", { id: "shop-category-subs" }),
  listing("shop/:category/sub/sale", "shop-category-sub-sale"),
  listing("shop/:category/sub/:sub", "shop-sub"),
  listing("shop/:category/sub/:sub/sale", "shop-sub-sale"),
  listing("brands/:brand", "brand"),
  // A product page; the static segments above (sale, brand, sub) rank before it.
  route("shop/:category/:product", "routes/product.tsx"),
  route("bag", "routes/bag.tsx"),
  route("compare-products", "routes/compare-products.tsx"),
  route("search", "routes/search.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("error", "routes/error-page.tsx"),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
];

// The benchmark's framework floor: one line through React Router, built only for `npm run bench`.
if (process.env.SHOP_BENCH === "1") routes.push(route("__bench/floor", "routes/bench-floor.tsx"));

export default routes;
