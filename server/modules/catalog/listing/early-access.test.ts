import { expect, test } from "vitest";
import type { CatalogueRows } from "./catalogue-index.ts";
import { buildSnapshotIndexes, indexFor, snapshotCurrent, type CatalogueSnapshot } from "./catalogue-snapshot.ts";
import { queryListing } from "./listing.ts";
import { request } from "../../../../tests/support/listing-catalogue.ts";

/*
 * ADR 41: the read model keeps everyone's view and the early-access view of one snapshot, sharing
 * their cards, and a snapshot goes stale when its next members-only product becomes public.
 */

const variant = (price: number, memberPrice: number | null = null) => ({
  size: "8",
  colour: "Red",
  colourHex: "#f00",
  stock: 2,
  price,
  compareAtPrice: null,
  memberPrice,
});

function rows(earlyAccessOnly: boolean): CatalogueRows {
  const product = (id: number, name: string, fields: Partial<CatalogueRows["products"][number]> = {}) => ({
    id,
    slug: name.toLowerCase(),
    name,
    brandId: 1,
    categoryId: 1,
    subCategoryId: null,
    attributes: {},
    featuredRank: null,
    createdAt: id,
    image: null,
    variants: [variant(5000)],
    ...fields,
  });
  return {
    categories: [{ id: 1, parentId: null, slug: "gloves", name: "Gloves" }],
    brands: [{ id: 1, slug: "alpha", name: "Alpha" }],
    products: [
      product(1, "Apex", { variants: [variant(6000, 5000), variant(4000, 3500)] }),
      product(2, "Drop", { earlyAccessOnly }),
    ],
  };
}

const ids = (snapshot: Pick<CatalogueSnapshot, "index" | "earlyAccess">, earlyAccess: boolean) =>
  queryListing(indexFor(snapshot as CatalogueSnapshot, { earlyAccess }), request({ category: "gloves" })).products.map(
    (p) => p.id,
  );

test("a product not yet public is listed only for viewers with early access; both views share their cards", () => {
  const snapshot = buildSnapshotIndexes(rows(true));
  expect(ids(snapshot, false)).toEqual([1]);
  expect(ids(snapshot, true).sort()).toEqual([1, 2]);
  const apex = (index: CatalogueSnapshot["index"]) => index.cards.find((c) => c.id === 1);
  expect(apex(snapshot.index)).toBe(apex(snapshot.earlyAccess));
});

test("with nothing waiting for its time, both views are one object", () => {
  const snapshot = buildSnapshotIndexes(rows(false));
  expect(snapshot.index).toBe(snapshot.earlyAccess);
});

test("a card carries the member price of the variant that gives its price", () => {
  const { index } = buildSnapshotIndexes(rows(false));
  expect(index.cards.find((c) => c.id === 1)).toMatchObject({ price: 4000, memberPrice: 3500 });
  expect(index.cards.find((c) => c.id === 2)).toMatchObject({ price: 5000, memberPrice: null });
});

test("a snapshot is current while its revision holds and no product has gone public since", () => {
  const snapshot = { ...buildSnapshotIndexes(rows(true)), revision: 7, changesAt: 1_000 };
  expect(snapshotCurrent(snapshot, 7, 999)).toBe(true);
  expect(snapshotCurrent(snapshot, 7, 1_000)).toBe(false);
  expect(snapshotCurrent(snapshot, 8, 0)).toBe(false);
  expect(snapshotCurrent({ ...snapshot, changesAt: null }, 7, Number.MAX_SAFE_INTEGER)).toBe(true);
});
