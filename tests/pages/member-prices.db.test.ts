import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testPageContext } from "../support/page-context.ts";
import { seededShop } from "../support/seeded-shop.ts";
import { membershipPlans, memberships, users, variants } from "../../server/db/schema/index.ts";
import { pageContextKey } from "../../server/http/page-context.ts";
import type { PageContext } from "../../server/context.ts";
import { systemScope } from "../../server/lib/scope.ts";
import { ANY_VISITOR, type Viewer } from "../../server/modules/catalog/sellable.ts";
import { memberPriceOf } from "../../server/modules/membership/member-price.ts";
import { HtmlCacheContext } from "~/components/ui/cached-html";
import { ProductGrid } from "~/components/product-grid";
import { createHtmlCache } from "~/lib/html-cache.server";
import { deserialize } from "~/lib/serialized";
import { loader as rootLoader } from "~/root";
import { loader as listingLoader } from "~/routes/shop/listing";

/*
 * ADR 41: product cards are shared objects whose HTML the server keeps (ADR 27), and guests'
 * pages are micro-cached (ADR 21). A member and a guest asking for the same listing, one after
 * the other, must each see their own prices: the card's cached HTML varies by the viewer's price
 * rule, and the rule comes from the viewer's own loader data.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let member: Viewer;

beforeAll(async () => {
  shop = await seededShop(40);
  const { db } = shop.database;
  const [plan] = await db
    .insert(membershipPlans)
    .values({
      slug: "t-pro",
      name: "Pro",
      price: 4900,
      months: 12,
      discountBasisPoints: 1000,
      freeDelivery: true,
      earlyAccess: true,
    })
    .returning({ id: membershipPlans.id });
  const [user] = await db.insert(users).values({ username: "card-member", email: "card-member@example.com" }).returning();
  await db.insert(memberships).values({ userId: user!.id, planId: plan!.id, endsAt: new Date(Date.now() + 86_400_000) });
  member = await shop.services.membership.benefits(systemScope(db), user!.id);
  // No plan published gives more than the one above (the demo content's pro plan is the same).
  await db.update(variants).set({ memberPrice: null });
  shop.services.catalog.invalidate();
});

afterAll(async () => {
  await shop?.close();
});

function routerContext(context: PageContext) {
  return new RouterContextProvider(new Map([[pageContextKey, { ...context, routeHandles: () => undefined }]]));
}

/** The root's and the listing's loader data for this viewer, as a page request would have them. */
async function loadersFor(viewer: Viewer) {
  const context = testPageContext(shop, { viewer: async () => viewer });
  const request = new Request("http://shop.test/shop/gloves");
  const root = (await rootLoader({ request, params: {}, context: routerContext(context) } as never)) as unknown as {
    data: { pricing: unknown; compare: number[] };
  };
  const listing = await listingLoader({ request, params: { category: "gloves" }, context: routerContext(context) } as never);
  return { root: root.data, listing: listing as { result: string; currency: string } };
}

/** The listing's grid as the server renders it, with the server's one cache of card HTML. */
async function render(cache: ReturnType<typeof createHtmlCache>, loaded: Awaited<ReturnType<typeof loadersFor>>) {
  const products = deserialize(loaded.listing.result as never) as { products: Parameters<typeof ProductGrid>[0]["products"] };
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => loaded.root,
      element: createElement(ProductGrid, { products: products.products, currency: loaded.listing.currency }),
    },
  ]);
  const routed = await handler.query(new Request("http://shop.test/"));
  if (routed instanceof Response) throw new Error("unexpected response");
  return renderToString(
    createElement(
      HtmlCacheContext.Provider,
      { value: cache },
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, routed), context: routed }),
    ),
  );
}

const cents = (minor: number) => (minor / 100).toFixed(2);

test("a member and a guest, one after the other, each see only their own prices on the same cards", async () => {
  const cache = createHtmlCache();
  const guest = await loadersFor(ANY_VISITOR);
  const asMember = await loadersFor(member);
  expect(guest.root.pricing).toEqual({ member: false, discountBasisPoints: 1000 });
  expect(asMember.root.pricing).toEqual({ member: true, discountBasisPoints: 1000 });

  // The cards are the very same objects for both (the read model's), so only the variant keeps them apart.
  const cards = (deserialize(guest.listing.result as never) as { products: { id: number; price: number }[] }).products;
  expect(cards.length).toBeGreaterThan(2);

  for (let round = 0; round < 3; round++) {
    for (const [who, loaded] of [
      ["guest", guest],
      ["member", asMember],
    ] as const) {
      const html = await render(cache, loaded);
      const shown = html.split('data-testid="product-card"').slice(1);
      expect(shown).toHaveLength(cards.length);
      shown.forEach((card, i) => {
        const listPrice = cards[i]!.price;
        const memberPrice = memberPriceOf({ price: listPrice }, 1000);
        if (who === "guest") {
          expect(card).toContain(`Members pay &#8364;${cents(memberPrice)}`);
          expect(card).not.toContain("data-member-price");
        } else {
          expect(card).toContain("data-member-price");
          expect(card).toContain(cents(memberPrice));
          expect(card).not.toContain("Members pay");
        }
      });
    }
  }
});
