import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import type { ShopEnv } from "../../context.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products } from "../../db/schema/index.ts";
import type { ProductCard } from "../../modules/catalog/index.ts";
import { noFilters } from "../../modules/catalog/listing/params.ts";
import type { ListingFacets, ListingRequest } from "../../modules/catalog/listing/types.ts";
import type { Services } from "../../services.ts";
import { graphqlApp, postGraphQL, seededShop } from "../../../tests/support/graphql-harness.ts";

let shop: Awaited<ReturnType<typeof seededShop>>;
let services: Services;
let app: Hono<ShopEnv>;
let hidden: { slug: string; id: number };

beforeAll(async () => {
  shop = await seededShop();
  services = shop.services;
  const [first] = await shop.database.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .orderBy(products.id)
    .limit(1);
  hidden = first!;
  await shop.database.db.update(products).set({ published: false }).where(eq(products.id, hidden.id));
  app = graphqlApp({ services, database: shop.database });
});

afterAll(async () => {
  await shop?.close();
});

const LISTING = /* GraphQL */ `
  query Listing($scope: ProductScope, $filters: ProductFilters, $sort: ProductSort, $page: Int, $pageSize: Int) {
    products(scope: $scope, filters: $filters, sort: $sort, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      pageCount
      items {
        id
        slug
        name
        categorySlug
        brand {
          slug
          name
        }
        price {
          amount
          currency
        }
        compareAtPrice {
          amount
          currency
        }
        onSale
        inStock
        colours {
          name
          hex
        }
        image {
          path
          alt
          width
          height
        }
      }
      facets {
        price {
          min {
            amount
            currency
          }
          max {
            amount
            currency
          }
        }
        sizes {
          value
          label
          count
          selected
          group
        }
        colours {
          value
          label
          count
          selected
          hex
        }
        brands {
          value
          label
          count
          selected
        }
        subCategories {
          value
          label
          count
          selected
        }
        attributes {
          name
          label
          options {
            value
            label
            count
            selected
          }
        }
        inStock
      }
    }
  }
`;

interface PageBody {
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  items: Record<string, unknown>[];
  facets: Record<string, unknown>;
}

async function listing(variables: Record<string, unknown>) {
  const { response, body } = await postGraphQL<{ products: PageBody }>(app, {
    operationName: "Listing",
    query: LISTING,
    variables,
  });
  expect(response.status).toBe(200);
  expect(body.errors, JSON.stringify(variables)).toBeUndefined();
  return body.data!.products;
}

const euros = (amount: number) => ({ amount, currency: "EUR" });

/** A card as GraphQL shows it: money with its currency, ids as strings. */
function cardShape(card: ProductCard) {
  return {
    id: String(card.id),
    slug: card.slug,
    name: card.name,
    categorySlug: card.categorySlug,
    brand: card.brand,
    price: euros(card.price),
    compareAtPrice: card.compareAtPrice === null ? null : euros(card.compareAtPrice),
    onSale: card.compareAtPrice !== null && card.compareAtPrice > card.price,
    inStock: card.inStock,
    colours: card.colours,
    image: card.image,
  };
}

function facetsShape(facets: ListingFacets) {
  return { ...facets, price: facets.price && { min: euros(facets.price.min), max: euros(facets.price.max) } };
}

function request(overrides: Partial<ListingRequest>): ListingRequest {
  return { scope: {}, filters: noFilters(), sort: "featured", page: 1, pageSize: 24, ...overrides };
}

describe("products", () => {
  test("without arguments: the listing's first page of cards, its total and facets", async () => {
    const page = await listing({});
    const expected = await services.catalog.listing.list(request({}));
    expect(page.items).toEqual(expected.products.map(cardShape));
    expect(page).toMatchObject({ total: expected.total, page: 1, pageSize: 24, pageCount: expected.pageCount });
    expect(page.facets).toEqual(facetsShape(expected.facets));
    expect(page.items.map((card) => card.id)).not.toContain(String(hidden.id));
  });

  test("scope, filters, sort and pagination give what the listing module gives", async () => {
    const [category] = await services.catalog.categories();
    const all = await services.catalog.listing.list(request({ scope: { category: category!.slug }, pageSize: 100 }));
    const size = all.facets.sizes[0]!.value;
    const [brandA, brandB] = all.facets.brands.map((option) => option.value);
    const attribute = all.facets.attributes[0]!;
    const sub = category!.subCategories[0]!.slug;
    const price = all.facets.price!;
    const cases: [Record<string, unknown>, ListingRequest][] = [
      [
        { scope: { category: category!.slug }, sort: "PRICE_ASC", page: 2, pageSize: 3 },
        request({ scope: { category: category!.slug }, sort: "price-asc", page: 2, pageSize: 3 }),
      ],
      [
        { scope: { category: category!.slug }, filters: { sizes: [size], inStock: true } },
        request({ scope: { category: category!.slug }, filters: { ...noFilters(), sizes: [size], inStock: true } }),
      ],
      [
        { scope: { category: category!.slug }, filters: { brands: [brandA, brandB] }, sort: "NAME" },
        request({ scope: { category: category!.slug }, filters: { ...noFilters(), brands: [brandA!, brandB!] }, sort: "name" }),
      ],
      [
        { scope: { category: category!.slug, sub }, filters: { priceMin: price.min + 1, priceMax: price.max - 1 } },
        request({
          scope: { category: category!.slug, sub },
          filters: { ...noFilters(), priceMin: price.min + 1, priceMax: price.max - 1 },
        }),
      ],
      [
        {
          scope: { category: category!.slug },
          filters: { attributes: [{ name: attribute.name, values: [attribute.options[0]!.value] }] },
        },
        request({
          scope: { category: category!.slug },
          filters: { ...noFilters(), attributes: { [attribute.name]: [attribute.options[0]!.value] } },
        }),
      ],
      [
        { scope: { brand: brandA }, sort: "NEWEST", pageSize: 5 },
        request({ scope: { brand: brandA }, sort: "newest", pageSize: 5 }),
      ],
      [{ scope: { saleOnly: true }, pageSize: 100 }, request({ scope: { saleOnly: true }, pageSize: 100 })],
    ];
    for (const [variables, listingRequest] of cases) {
      const page = await listing(variables);
      const expected = await services.catalog.listing.list(listingRequest);
      const label = JSON.stringify(variables);
      expect(expected.total, label).toBeGreaterThan(0);
      expect(
        page.items.map((card) => card.id),
        label,
      ).toEqual(expected.products.map((card) => String(card.id)));
      expect(page, label).toMatchObject({ total: expected.total, page: expected.page, pageCount: expected.pageCount });
      expect(page.facets, label).toEqual(facetsShape(expected.facets));
    }
    // Filtered facets say what they selected.
    const filtered = await listing({ scope: { category: category!.slug }, filters: { sizes: [size] } });
    expect(filtered.facets.sizes).toContainEqual(expect.objectContaining({ value: size, selected: true }));
  });

  test("pages hold each product once, and a page past the end shows the last one", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => listing({ page, pageSize: 25 })));
    const ids = pages.flatMap((page) => page.items.map((card) => card.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(pages[0]!.total);
    const past = await listing({ page: 999, pageSize: 25 });
    expect(past.page).toBe(past.pageCount);
  });

  test("an argument it cannot understand is a BAD_USER_INPUT error naming it, never a crash", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pageSize: 0 }, "pageSize", "pageSize must be a whole number from 1 to 100"],
      [{ pageSize: 101 }, "pageSize", "pageSize must be a whole number from 1 to 100"],
      [{ page: 0 }, "page", "page must be a whole number from 1"],
      [{ page: -3 }, "page", "page must be a whole number from 1"],
      [
        { filters: { priceMin: -1 } },
        "filters.priceMin",
        "filters.priceMin must be an amount in minor units from 0 to 999999999",
      ],
      [
        { filters: { priceMax: 1_000_000_000 } },
        "filters.priceMax",
        "filters.priceMax must be an amount in minor units from 0 to 999999999",
      ],
      [
        { filters: { priceMin: 5000, priceMax: 1000 } },
        "filters.priceMax",
        "filters.priceMax must not be below filters.priceMin",
      ],
      [
        { filters: { sizes: Array.from({ length: 51 }, (_, i) => `s${i}`) } },
        "filters.sizes",
        "filters.sizes may be given at most 50 times",
      ],
      [{ filters: { colours: ["x".repeat(101)] } }, "filters.colours", "filters.colours is too long"],
      [{ filters: { brands: ["Not A Slug"] } }, "filters.brands", "filters.brands must be a slug such as match-gloves"],
      [
        { filters: { subCategories: ["BAD!"] } },
        "filters.subCategories",
        "filters.subCategories must be a slug such as match-gloves",
      ],
      [
        { filters: { attributes: [{ name: "Bad Name", values: ["x"] }] } },
        "filters.attributes",
        "filters.attributes[Bad Name] must be an attribute name such as cut",
      ],
      [{ scope: { sub: "match" } }, "scope.sub", "scope.sub needs scope.category"],
      [{ scope: { category: "Not A Slug" } }, "scope.category", "scope.category must be a slug such as match-gloves"],
      [{ scope: { brand: "x".repeat(101) } }, "scope.brand", "scope.brand is too long"],
    ];
    for (const [variables, argument, message] of cases) {
      const { response, body } = await postGraphQL(app, { operationName: "Listing", query: LISTING, variables });
      const label = JSON.stringify(variables).slice(0, 80);
      expect(response.status, label).toBe(200);
      expect(body.data, label).toBeNull();
      expect(body.errors, label).toEqual([
        expect.objectContaining({ message, path: ["products"], extensions: { code: "BAD_USER_INPUT", argument } }),
      ]);
    }
  });

  test("a value of the wrong type is refused by GraphQL itself, naming the variable", async () => {
    const { body } = await postGraphQL(app, { operationName: "Listing", query: LISTING, variables: { sort: "CHEAPEST" } });
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.message).toContain("$sort");
  });

  test("an unknown category, sub-category or brand is NOT_FOUND naming the argument", async () => {
    const [category] = await services.catalog.categories();
    const cases: [Record<string, unknown>, string][] = [
      [{ category: "no-such-category" }, "scope.category"],
      [{ category: category!.slug, sub: "no-such-sub" }, "scope.sub"],
      [{ brand: "no-such-brand" }, "scope.brand"],
    ];
    for (const [scope, argument] of cases) {
      const { body } = await postGraphQL(app, { operationName: "Listing", query: LISTING, variables: { scope } });
      expect(body.errors, argument).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: "NOT_FOUND", argument }) }),
      ]);
    }
  });
});

const PRODUCT = /* GraphQL */ `
  query Product($slug: String, $id: ID) {
    product(slug: $slug, id: $id) {
      id
      slug
      name
      description
      brand {
        slug
        name
        logoPath
        story
      }
      category {
        slug
        name
        description
      }
      subCategory {
        slug
        name
        description
      }
      attributes {
        name
        value
      }
      images {
        path
        alt
        width
        height
        colour
        src(width: 480)
      }
      variants {
        id
        sku
        size
        colour
        colourHex
        stock
        inStock
        price {
          amount
          currency
        }
        compareAtPrice {
          amount
        }
      }
      priceRange {
        min {
          amount
        }
        max {
          amount
        }
      }
      inStock
    }
  }
`;

describe("product", () => {
  test("by slug and by id: the product page's product", async () => {
    const [card] = (await services.catalog.listing.list(request({ pageSize: 1 }))).products;
    const bySlug = await postGraphQL<{ product: Record<string, unknown> }>(app, {
      query: PRODUCT,
      variables: { slug: card!.slug },
    });
    const byId = await postGraphQL(app, { query: PRODUCT, variables: { id: String(card!.id) } });
    expect(byId.body).toEqual(bySlug.body);

    const detail = (await services.catalog.productDetail(card!.slug))!;
    const category = (await services.catalog.categories()).find((c) => c.slug === detail.category.slug)!;
    const brand = (await services.catalog.brandDetails()).find((b) => b.slug === detail.brand.slug)!;
    expect(bySlug.body.data!.product).toEqual({
      id: String(detail.id),
      slug: detail.slug,
      name: detail.name,
      description: detail.description,
      brand: { slug: brand.slug, name: brand.name, logoPath: brand.logoPath, story: brand.story },
      category: { slug: category.slug, name: category.name, description: category.description },
      subCategory: detail.subCategory && category.subCategories.find((s) => s.slug === detail.subCategory!.slug),
      attributes: Object.entries(detail.attributes).map(([name, value]) => ({ name, value })),
      images: detail.images.map((image) => ({
        ...image,
        src: `/images/product/480?src=${encodeURIComponent(`/media/${image.path}`)}`,
      })),
      variants: detail.variants.map((variant) => ({
        id: String(variant.id),
        sku: variant.sku,
        size: variant.size,
        colour: variant.colour,
        colourHex: variant.colourHex,
        stock: variant.stock,
        inStock: variant.stock > 0,
        price: euros(variant.price),
        compareAtPrice: variant.compareAtPrice === null ? null : { amount: variant.compareAtPrice },
      })),
      priceRange: { min: { amount: detail.priceRange.min }, max: { amount: detail.priceRange.max } },
      inStock: detail.inStock,
    });
    expect(detail.priceRange.min).toBe(card!.price);
  });

  test("unknown, unpublished and malformed keys give null", async () => {
    for (const variables of [
      { slug: "no-such-product" },
      { slug: hidden.slug },
      { id: String(hidden.id) },
      { id: "0" },
      { id: "99999999999999999999" },
      { id: "not-a-number" },
      { slug: "Bad Slug!" },
    ]) {
      const { body } = await postGraphQL(app, { query: PRODUCT, variables });
      expect(body, JSON.stringify(variables)).toEqual({ data: { product: null } });
    }
  });

  test("needs exactly one of slug and id", async () => {
    for (const variables of [{}, { slug: "a", id: "1" }]) {
      const { body } = await postGraphQL(app, { query: PRODUCT, variables });
      expect(body.errors, JSON.stringify(variables)).toEqual([
        expect.objectContaining({
          message: "Give the product's slug or its id (one of them).",
          extensions: expect.objectContaining({ code: "BAD_USER_INPUT" }),
        }),
      ]);
    }
  });

  test("image addresses: the original, or a width the image endpoint renders", async () => {
    const [card] = (await services.catalog.listing.list(request({ pageSize: 1 }))).products;
    const query = `query($slug: String, $width: Int) { product(slug: $slug) { images { path original: src wide: src(width: $width) } } }`;
    const { body } = await postGraphQL<{ product: { images: { path: string; original: string; wide: string }[] } }>(app, {
      query,
      variables: { slug: card!.slug, width: 1200 },
    });
    const image = body.data!.product.images[0]!;
    expect(image.original).toBe(`/media/${image.path}`);
    expect(image.wide).toBe(`/images/product/1200?src=${encodeURIComponent(image.original)}`);
    const bad = await postGraphQL(app, { query, variables: { slug: card!.slug, width: 1000 } });
    expect(bad.body.errors![0]).toMatchObject({
      message: "width must be one of 96, 160, 240, 320, 480, 640, 800, 1200",
      extensions: { code: "BAD_USER_INPUT", argument: "width" },
    });
  });
});

test("categories: the tree in the shop's order", async () => {
  const { body } = await postGraphQL<{ categories: unknown[] }>(app, {
    query: "{ categories { slug name description subCategories { slug name description } } }",
  });
  const tree = await services.catalog.categories();
  expect(tree.length).toBeGreaterThan(0);
  expect(body.data!.categories).toEqual(tree);
});

test("brands: every brand with logo and story, by name", async () => {
  const { body } = await postGraphQL<{ brands: unknown[] }>(app, { query: "{ brands { slug name logoPath story } }" });
  const brands = await services.catalog.brandDetails();
  expect(brands.length).toBeGreaterThan(0);
  expect(body.data!.brands).toEqual(brands);
});

test("a card's brand has its story and logo too, from the same brands", async () => {
  const { body } = await postGraphQL<{ products: { items: { brand: { slug: string; story: string; logoPath: string } }[] } }>(
    app,
    {
      query: "{ products(pageSize: 10) { items { brand { slug story logoPath } } } }",
    },
  );
  const brands = new Map((await services.catalog.brandDetails()).map((brand) => [brand.slug, brand]));
  for (const { brand } of body.data!.products.items) {
    expect(brand).toEqual({ slug: brand.slug, story: brands.get(brand.slug)!.story, logoPath: brands.get(brand.slug)!.logoPath });
  }
});
