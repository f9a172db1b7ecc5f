import type { ProductDetail, ProductVariantDetail } from "../../server/modules/catalog/product-detail.ts";
import type { ProductLookup } from "../../server/modules/compare/index.ts";

/** A product as the catalogue would give it, for the compare tests; `overrides` change what a test needs. */
export function testProduct(id: number, overrides: Partial<ProductDetail> = {}): ProductDetail {
  const variants = overrides.variants ?? [testVariant(id, { size: "8" }), testVariant(id, { size: "9" })];
  const prices = variants.map((v) => v.price);
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    description: "",
    brand: { slug: "zeta", name: "Zeta", logoPath: null },
    category: { slug: "gloves", name: "Gloves" },
    subCategory: { slug: "match", name: "Match gloves" },
    attributes: {},
    optionNames: { size: "Size", colour: "Colour" },
    images: [{ path: `products/${id}.webp`, alt: `Product ${id}`, width: 800, height: 800, colour: null }],
    priceRange: { min: Math.min(...prices), max: Math.max(...prices) },
    inStock: variants.some((v) => v.stock > 0),
    published: true,
    membersOnly: false,
    publicAt: null,
    publishAt: null,
    seoTitle: "",
    seoDescription: "",
    ...overrides,
    variants,
  };
}

let sku = 0;
export function testVariant(productId: number, overrides: Partial<ProductVariantDetail> = {}): ProductVariantDetail {
  sku += 1;
  return {
    id: sku,
    sku: `P${productId}-${sku}`,
    size: "8",
    colour: "Black",
    colourHex: "#000000",
    stock: 5,
    price: 5000,
    compareAtPrice: null,
    ...overrides,
  };
}

/** A lookup over these products by id or slug, counting its calls. */
export function testLookup(products: ProductDetail[]): ProductLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (key: string) => {
    calls.push(key);
    return products.find((p) => String(p.id) === key || p.slug === key) ?? null;
  };
  return Object.assign(lookup, { calls });
}
