import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../support/seeded-shop.ts";
import { createApp } from "../../server/app.ts";
import type { PageContext } from "../../server/context.ts";
import { parseEnv } from "../../server/env.ts";
import { pageContextKey } from "../../server/http/page-context.ts";
import { systemScope } from "../../server/lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../../server/modules/audit/index.ts";
import { createRateLimitStore } from "../../server/modules/rate-limit/index.ts";
import type { Stored } from "../../server/modules/site/index.ts";
import { AnalyticsScript } from "~/components/analytics-script";
import { ProductGrid } from "~/components/product-grid";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { HtmlCacheContext } from "~/components/ui/cached-html";
import { createHtmlCache } from "~/lib/html-cache.server";
import { deserialize } from "~/lib/serialized";
import { loader as rootLoader } from "~/root";
import { loader as listingLoader } from "~/routes/shop/listing";

/*
 * Issue 26 §3-4, ADR 76: what an editor changes in /admin/site and /admin/flags shows on the shop
 * at the next request, through the page cache (on here, as in production) and the cached HTML of
 * the menu and the cards. The whole Hono app runs; its pages are the shop's root and listing
 * loaders with the header, the product grid and the footer rendered from their data, as the
 * server renders them (one HTML cache for every request).
 */

const PUBLIC_URL = "http://shop.test";
let shop: Awaited<ReturnType<typeof seededShop>>;
let app: ReturnType<typeof createApp>["app"];
let dataDir: string;
let owner: StaffScope;
const htmlCache = createHtmlCache();

type RootData = Awaited<ReturnType<typeof rootLoader>>["data"];

/** A listing page: the header, the cards and the footer, from the root's and the listing's loader data. */
async function renderPage(request: Request, page: PageContext): Promise<Response> {
  const segments = new URL(request.url).pathname.split("/").filter(Boolean);
  if (segments[0] !== "shop" || segments.length !== 2) return new Response("no such page in this test", { status: 404 });
  const context = new RouterContextProvider(new Map([[pageContextKey, { ...page, routeHandles: () => undefined }]]));
  const root = ((await rootLoader({ request, params: {}, context } as never)) as unknown as { data: RootData }).data;
  const listing = (await listingLoader({ request, params: { category: segments[1]! }, context } as never)) as {
    result: string;
    currency: string;
  };
  const { products } = deserialize(listing.result as never) as { products: Parameters<typeof ProductGrid>[0]["products"] };
  const element = createElement(
    Fragment,
    null,
    createElement(AnalyticsScript, { tag: root.analytics }),
    createElement(SiteHeader, {
      siteName: root.site.siteName,
      menu: deserialize(root.menu),
      compare: root.flags.compare !== false,
      bagCount: 0,
      customer: null,
      extraLinks: [],
    }),
    createElement(ProductGrid, { products, currency: listing.currency }),
    createElement(SiteFooter, {
      siteName: root.site.siteName,
      tagline: root.site.tagline,
      site: deserialize(root.siteData),
      cards: root.cards,
    }),
  );
  const handler = createStaticHandler([{ id: "root", path: "/shop/:category", loader: () => root, element }]);
  const routed = await handler.query(new Request(request.url));
  if (routed instanceof Response) throw new Error("unexpected response");
  const html = renderToString(
    createElement(
      HtmlCacheContext.Provider,
      { value: htmlCache },
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, routed), context: routed }),
    ),
  );
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

beforeAll(async () => {
  shop = await seededShop(24);
  owner = staffScopeOf(systemScope(shop.database.db), { id: 92, email: "owner@example.com", role: "owner" }, "req-pages");
  dataDir = mkdtempSync(join(tmpdir(), "shop-site-data-"));
  const env = parseEnv({
    NODE_ENV: "test",
    PUBLIC_URL,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PAGE_CACHE_MS: "60000",
    ANALYTICS_SCRIPT_URL: "https://stats.example/script.js",
    ANALYTICS_SITE_ID: "3f6a2c1e-8b7d-4e5f-9a0b-1c2d3e4f5a6b",
  });
  ({ app } = createApp({
    env,
    database: shop.database,
    services: shop.services,
    rateLimits: createRateLimitStore({}),
    logger: { info: () => {}, error: () => {} },
    renderPage,
  }));
});

afterAll(async () => {
  await shop?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await app.request(`${PUBLIC_URL}${path}`, { headers });
  expect(response.status, path).toBe(200);
  return { html: await response.text(), cache: response.headers.get("x-page-cache") };
};
const stored = (): Promise<Stored> => shop.services.site.edit(systemScope(shop.database.db));
/** The header's menu as rendered: each link's text and address (the sub-categories' too, after their category). */
const menuOf = (html: string) =>
  [
    ...html
      .slice(html.indexOf('id="shop-menu"'), html.indexOf("</nav>", html.indexOf('id="shop-menu"')))
      .matchAll(/<li><a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g),
  ].map(([, href, label]) => [label, href!.replaceAll("&amp;", "&")]);

test("a menu item added in the back office is in the next page's header, though the page was just cached, and in GET /data", async () => {
  const first = await get("/shop/gloves");
  expect(first.cache).toBe("miss");
  expect((await get("/shop/gloves")).cache).toBe("hit");
  // The demo's menu: the categories (each with its sub-categories), then the sale, the news and the membership (ADR 79).
  const shown = menuOf(first.html);
  const categories = shown.slice(0, shown.findIndex(([label]) => label === "Sale"));
  expect(categories.map(([label]) => label)).toContain("Gloves");
  expect(categories.every(([, href]) => href!.startsWith("/shop/"))).toBe(true);
  expect(shown.slice(categories.length)).toEqual([
    ["Sale", "/shop/gloves/sale"],
    ["News", "/news-and-media"],
    ["Membership", "/membership"],
  ]);

  const { parts } = await stored();
  await shop.services.site.changePart(owner, "navigation", {
    version: parts.navigation.version,
    items: [
      { kind: "categories" },
      { kind: "link", label: "Keeper tips", href: "/news-and-media" },
      { kind: "link", label: "Research", href: "https://research.example/keepers" },
    ],
  });
  const after = await get("/shop/gloves");
  expect(after.cache).toBe("miss");
  const menu = menuOf(after.html);
  expect(menu.slice(0, categories.length)).toEqual(categories);
  expect(menu[categories.length]).toEqual(["Keeper tips", "/news-and-media"]);
  // Another site's address goes through the notice, signed by the shop, so the notice forwards it.
  const [, research] = menu[categories.length + 1]!;
  const notice = new URL(research!, PUBLIC_URL);
  expect(notice.pathname).toBe("/leaving");
  expect(shop.services.externalLinks.leavingTarget(notice.searchParams.get("to"), notice.searchParams.get("sig"))).toMatchObject({
    ok: true,
    url: "https://research.example/keepers",
  });

  const data = (await (await app.request(`${PUBLIC_URL}/data/navigation`)).json()) as { data: { items: { label?: string }[] } };
  expect(data.data.items.map((item) => item.label)).toEqual([undefined, "Keeper tips", "Research"]);
});

test("compare off takes the compare buttons off the cards and the link off the header; back on, they return", async () => {
  // A visitor with products on the compare list sees the header's link (a cookie: never a cached page).
  const comparing = { cookie: "compare=1.2" };
  const on = await get("/shop/gloves", comparing);
  expect(on.html).toContain('class="compare-link"');
  expect(on.html).toContain('class="card-compare"');
  const version = (await stored()).flags.find((flag) => flag.key === "compare")!.version;
  await shop.services.site.setFlag(owner, { key: "compare", enabled: "off", version });
  for (const page of [await get("/shop/gloves", comparing), await get("/shop/gloves")]) {
    expect(page.html).not.toContain("compare-link");
    expect(page.html).not.toContain("card-compare");
    expect(page.html).toContain('data-testid="product-card"');
  }
  const back = (await stored()).flags.find((flag) => flag.key === "compare")!.version;
  await shop.services.site.setFlag(owner, { key: "compare", enabled: "on", version: back });
  expect((await get("/shop/gloves")).html).toContain('class="card-compare"');
});

test("the analytics tag goes with its flag", async () => {
  expect((await get("/shop/gloves")).html).toContain('src="https://stats.example/script.js"');
  const version = (await stored()).flags.find((flag) => flag.key === "analytics")!.version;
  await shop.services.site.setFlag(owner, { key: "analytics", enabled: "off", version });
  expect((await get("/shop/gloves")).html).not.toContain("stats.example");
});

test("the footer shows the saved columns, contact details, trust bar and social links", async () => {
  const { parts } = await stored();
  const save = (part: "footer" | "contact" | "trust" | "social", value: object) =>
    shop.services.site.changePart(owner, part, { version: parts[part].version, ...value });
  await save("footer", { columns: [{ title: "Help", links: [{ label: "Delivery", href: "/delivery" }] }] });
  await save("contact", {
    email: "desk@keepers.example",
    phone: "+31 20 123 4567",
    address: "Dam 1\n1012 JS Amsterdam",
    hours: "Mon-Fri 9-17",
  });
  await save("trust", { items: [{ text: "Two-year warranty", href: "" }] });
  await save("social", { links: [{ name: "Mastodon", url: "https://keepers.social/@safehands" }] });
  const { html } = await get("/shop/gloves");
  const footer = html.slice(html.indexOf("<footer"));
  expect(footer).toContain('aria-label="Help"');
  expect(footer).toContain('href="/delivery"');
  expect(footer).not.toContain("Privacy policy");
  expect(footer).toContain('href="mailto:desk@keepers.example"');
  expect(footer).toContain('href="tel:+31201234567"');
  expect(footer).toContain("Dam 1, 1012 JS Amsterdam");
  expect(footer).toContain("Two-year warranty");
  const social = /href="(\/leaving\?to=[^"]+)"[^>]*>Mastodon/.exec(footer)?.[1]?.replaceAll("&amp;", "&");
  const notice = new URL(social!, PUBLIC_URL);
  expect(shop.services.externalLinks.leavingTarget(notice.searchParams.get("to"), notice.searchParams.get("sig")).ok).toBe(true);
  expect(footer).not.toContain("Instagram");
});
