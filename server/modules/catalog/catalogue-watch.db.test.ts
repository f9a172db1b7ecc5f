import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { queryRows } from "../../db/client.ts";
import { products, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { createCatalogueWatch } from "./catalogue-watch.ts";
import { loadCatalogueSnapshot } from "./listing/catalogue-snapshot.ts";
import { noFilters } from "./listing/params.ts";

/*
 * Issue 25: the shop follows the back office. The catalogue's stamp (ADR 64) moves with a write in
 * this process, a write elsewhere (the revision, on a shared database) and the clock (a scheduled
 * product's publish_at); archived options leave the shop while bags keep their lines.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;

beforeAll(async () => {
  shop = await seededShop(24);
});

afterAll(async () => {
  await shop?.close();
});

test("on a shared database the stamp moves with a write by anyone, and the caches are dropped once for it", async () => {
  const { db } = shop.database;
  let dropped = 0;
  const watch = createCatalogueWatch(db, { shared: true, onChange: () => dropped++ });
  const before = await watch.follow();
  expect(await watch.follow()).toBe(before);
  expect(dropped).toBe(0);
  await db.execute(sql`update products set name = name || '' where id = (select min(id) from products)`);
  const after = await watch.follow();
  expect(after).not.toBe(before);
  expect(dropped).toBe(1);
  expect(await watch.follow()).toBe(after);
  expect(dropped).toBe(1);
});

test("on this process's own database only its writers move the stamp, and reading it costs no query", async () => {
  const { db } = shop.database;
  const watch = createCatalogueWatch(db, { shared: false, onChange: () => {} });
  const before = await watch.follow();
  expect(watch.stamp()).toBe(before);
  watch.changed();
  expect(watch.stamp()).not.toBe(before);
});

test("a scheduled product goes on the shop at its publish_at with no one acting: the snapshot and the stamp change then", async () => {
  const { db } = shop.database;
  const { catalog } = shop.services;
  const [card] = await catalog.featuredProducts();
  const publishAt = new Date(Date.now() + 3_600_000);
  await db.update(products).set({ publishAt }).where(eq(products.id, card!.id));
  try {
    const snapshot = await loadCatalogueSnapshot(db);
    expect(snapshot.changesAt).toBe(publishAt.getTime());
    expect(snapshot.index.cards.map((c) => c.id)).not.toContain(card!.id);

    let now = Date.now();
    let dropped = 0;
    const watch = createCatalogueWatch(db, { shared: false, onChange: () => dropped++, now: () => now });
    const before = await watch.follow();
    now = publishAt.getTime() - 1;
    expect(watch.stamp()).toBe(before);
    now = publishAt.getTime();
    expect(watch.stamp()).not.toBe(before);
    expect(dropped).toBe(1);
  } finally {
    await db.update(products).set({ publishAt: null }).where(eq(products.id, card!.id));
    catalog.invalidate();
  }
});

test("an archived option is off the shop: not on the page, not in the card's price, not buyable; a bag holding it says it is no longer available", async () => {
  const { db } = shop.database;
  const { catalog, cart } = shop.services;
  const scope = systemScope(db);
  // A product with more than one option, the first made the cheapest: it is archived.
  const [row] = await queryRows<{ product_id: number }>(
    db,
    sql`select v.product_id from variants v join products p on p.id = v.product_id where p.published
        group by v.product_id having count(*) > 1 order by v.product_id limit 1`,
  );
  const productId = row!.product_id;
  const options = await db.select().from(variants).where(eq(variants.productId, productId)).orderBy(variants.id);
  const cheapest = options[0]!;
  await db.update(variants).set({ price: 100, compareAtPrice: null, memberPrice: null }).where(eq(variants.id, cheapest.id));
  const [slugRow] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
  await db.update(variants).set({ stock: 5 }).where(eq(variants.id, cheapest.id));
  const bag = (await cart.addLine(scope, null, { variantId: cheapest.id })).cart.token!;

  await db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, cheapest.id));
  catalog.invalidate();

  const detail = await catalog.productDetail(slugRow!.slug);
  expect(detail!.variants.map((v) => v.id)).not.toContain(cheapest.id);
  const remaining = Math.min(...options.slice(1).map((v) => v.price));
  expect(detail!.priceRange.min).toBe(remaining);
  const listed = await catalog.listing.list({ scope: {}, filters: noFilters(), sort: "featured", page: 1, pageSize: 100 });
  expect(listed.products.find((p) => p.id === productId)?.price).toBe(remaining);
  expect((await catalog.cardsBySlug([slugRow!.slug]))[0]?.price).toBe(remaining);

  await expect(cart.addLine(scope, null, { variantId: cheapest.id })).rejects.toMatchObject({ code: "VARIANT_NOT_FOUND" });
  const held = await cart.get(scope, bag);
  const line = held!.lines.find((l) => l.variantId === cheapest.id);
  expect(line?.available).toBe(false);
  expect(held!.itemCount).toBe(0);
  expect(await cart.count(scope, bag)).toBe(0);
});
