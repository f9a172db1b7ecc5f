import {
  buildCatalogueIndex,
  type CatalogueIndex,
  type ProductRow,
  type VariantRow,
} from "../../server/modules/catalog/listing/catalogue-index.ts";
import type { ListingFilters, ListingRequest } from "../../server/modules/catalog/listing/types.ts";

/*
 * A small hand-made catalogue for unit tests, built by the real builder. Two categories share a
 * sub-category slug ("match"), products differ in every filterable fact, and one has no variants.
 *
 *   product  category/sub       brand  sizes        colours       lowest price (was)  stock  attributes              featured  day
 *   Apex     gloves/match       alpha  8 9          Red Black     9000 (12000)        yes    cut Negative, grip Wet  2         1
 *   Blaze    gloves/match       zeta   9 10         Black         7000                no     cut Roll Finger, grip Dry 1       2
 *   Comet    gloves/training    alpha  8            Red           3000                yes    cut Negative, grip Dry  -         5
 *   Drift    gloves/training    beta   7 8          White         2500 (3000)         yes    cut Flat                -         4
 *   Echo     gloves             zeta   One size     Red           1500                yes    -                       -         3
 *   Fleet    apparel/match      alpha  S M XL       Black         4500                yes    fit Slim                -         6
 *   Gale     apparel/jerseys    zeta   M L          Green         4500 (5000)         no     fit Regular             -         7
 *   Husk     gloves             alpha  (no variants: never listed)
 */

const DAY = 86_400_000;

function variants(
  sizes: string[],
  colours: [string, string][],
  price: number,
  stock: number,
  compareAtPrice: number | null = null,
) {
  return sizes.flatMap((size) =>
    colours.map(([colour, colourHex]): VariantRow => ({ size, colour, colourHex, stock, price, compareAtPrice })),
  );
}

const red: [string, string] = ["Red", "#f00"];
const black: [string, string] = ["Black", "#000"];

function product(id: number, name: string, fields: Partial<ProductRow>): ProductRow {
  return {
    id,
    slug: name.toLowerCase(),
    name,
    brandId: 1,
    categoryId: 1,
    subCategoryId: null,
    attributes: {},
    featuredRank: null,
    createdAt: id * DAY,
    image: null,
    variants: [],
    ...fields,
  };
}

export function testCatalogue(): CatalogueIndex {
  return buildCatalogueIndex({
    categories: [
      { id: 1, parentId: null, slug: "gloves", name: "Gloves" },
      { id: 2, parentId: null, slug: "apparel", name: "Apparel" },
      { id: 10, parentId: 1, slug: "match", name: "Match gloves" },
      { id: 11, parentId: 1, slug: "training", name: "Training gloves" },
      { id: 20, parentId: 2, slug: "match", name: "Match jerseys" },
      { id: 21, parentId: 2, slug: "jerseys", name: "Jerseys" },
    ],
    brands: [
      { id: 1, slug: "alpha", name: "Alpha" },
      { id: 2, slug: "zeta", name: "Zeta" },
      { id: 3, slug: "beta", name: "Beta" },
    ],
    products: [
      product(1, "Apex", {
        subCategoryId: 10,
        attributes: { cut: "Negative", grip: "Wet" },
        featuredRank: 2,
        createdAt: 1 * DAY,
        image: { path: "products/apex.webp", alt: "Apex", width: 800, height: 800 },
        // The cheapest variant (the first at 9000) carries the compare-at price.
        variants: [...variants(["8", "9"], [red], 9000, 3, 12000), ...variants(["9"], [black], 9500, 0, 13000)],
      }),
      product(2, "Blaze", {
        brandId: 2,
        subCategoryId: 10,
        attributes: { cut: "Roll Finger", grip: "Dry" },
        featuredRank: 1,
        createdAt: 2 * DAY,
        variants: variants(["9", "10"], [black], 7000, 0),
      }),
      product(3, "Comet", {
        subCategoryId: 11,
        attributes: { cut: "Negative", grip: "Dry" },
        createdAt: 5 * DAY,
        variants: variants(["8"], [red], 3000, 1),
      }),
      product(4, "Drift", {
        brandId: 3,
        subCategoryId: 11,
        attributes: { cut: "Flat" },
        createdAt: 4 * DAY,
        variants: variants(["7", "8"], [["White", "#fff"]], 2500, 2, 3000),
      }),
      product(5, "Echo", { brandId: 2, createdAt: 3 * DAY, variants: variants(["One size"], [red], 1500, 9) }),
      product(6, "Fleet", {
        categoryId: 2,
        subCategoryId: 20,
        attributes: { fit: "Slim" },
        createdAt: 6 * DAY,
        variants: variants(["XL", "S", "M"], [black], 4500, 1),
      }),
      product(7, "Gale", {
        brandId: 2,
        categoryId: 2,
        subCategoryId: 21,
        attributes: { fit: "Regular" },
        createdAt: 7 * DAY,
        variants: variants(["M", "L"], [["Green", "#0f0"]], 4500, 0, 5000),
      }),
      product(8, "Husk", { createdAt: 8 * DAY }),
    ],
  });
}

import { noFilters } from "../../server/modules/catalog/listing/params.ts";

export { noFilters };

/** A request for the first page of 24, featured first, with `filters` added to none. */
export function request(
  scope: ListingRequest["scope"],
  filters: Partial<ListingFilters> = {},
  rest: Partial<ListingRequest> = {},
): ListingRequest {
  return { scope, filters: { ...noFilters(), ...filters }, sort: "featured", page: 1, pageSize: 24, ...rest };
}
