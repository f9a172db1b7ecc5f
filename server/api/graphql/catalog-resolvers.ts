import { asShopError } from "../../lib/shop-error.ts";
import type { ListingRequest } from "../../modules/catalog/index.ts";
import { imageUrl, storedImageSource, IMAGE_WIDTHS, isImageWidth } from "../../modules/media/index.ts";
import type { GraphQLContext } from "./context.ts";
import { badUserInput, shopError } from "./errors.ts";
import type { Resolvers } from "./generated/resolver-types.ts";
import { toListingRequest } from "./listing-args.ts";
import type { ProductPageResult } from "./parents.ts";

/*
 * Resolvers of the catalogue: each parses its arguments, makes one call to the catalogue module
 * and hands its result on. Listings come whole (cards, total, facets) from the in-memory read
 * model, so nested fields never query per product; brand stories and category descriptions come
 * from the catalogue's memory cache, once per request (context.ts).
 */

type Context = GraphQLContext;

export function money(amount: number, context: Context) {
  return { amount, currency: context.currency };
}

const maybeMoney = (amount: number | null, context: Context) => (amount === null ? null : money(amount, context));

/** A product's slug or id, as the REST API accepts it; anything else names no product. */
const PRODUCT_KEY = /^(?:\d{1,10}|[a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** One listing call; an unknown category, sub-category or brand is a NOT_FOUND naming the argument. */
export async function listingPage(context: Context, request: ListingRequest): Promise<ProductPageResult> {
  try {
    // Members with early access list members-only products too (ADR 41).
    const { products, ...rest } = await context.services.catalog.listing.list(request, await context.viewer());
    return { ...rest, items: products, pageSize: request.pageSize };
  } catch (error) {
    const unknown = asShopError(error);
    if (unknown?.code === "UNKNOWN_SCOPE") {
      throw shopError("NOT_FOUND", unknown.message, {
        argument: `scope.${String(unknown.details.param)}`,
        value: unknown.details.value,
      });
    }
    throw error;
  }
}

export const catalogResolvers: Resolvers = {
  Query: {
    products: (_, args, context) => listingPage(context, toListingRequest(args)),

    async product(_, args, context) {
      if ((args.slug == null) === (args.id == null)) {
        throw badUserInput(args.slug == null ? "slug" : "id", "Give the product's slug or its id (one of them).");
      }
      const key = (args.slug ?? args.id)!;
      if (args.id != null && !/^\d{1,10}$/.test(key)) return null;
      if (!PRODUCT_KEY.test(key) || key.length > 200) return null;
      return context.services.catalog.productDetail(key, await context.viewer());
    },

    categories: (_, __, context) => context.services.catalog.categories(),

    brands: (_, __, context) => context.services.catalog.brandDetails(),
  },

  Image: {
    src(image, args) {
      const original = storedImageSource(image.path);
      // An upload is only ever served through the image endpoint: its largest rendering stands for it.
      if (args.width == null) return original.startsWith("/media/") ? original : imageUrl("product", 1200, original);
      if (!isImageWidth(args.width)) throw badUserInput("width", `width must be one of ${IMAGE_WIDTHS.join(", ")}`);
      return imageUrl("product", args.width, original);
    },
  },

  Brand: {
    logoPath: async (brand, _, context) =>
      brand.logoPath !== undefined ? brand.logoPath : ((await context.brandBySlug(brand.slug))?.logoPath ?? null),
    story: async (brand, _, context) => brand.story ?? (await context.brandBySlug(brand.slug))?.story ?? "",
  },

  ProductCard: {
    price: (card, _, context) => money(card.price, context),
    compareAtPrice: (card, _, context) => maybeMoney(card.compareAtPrice, context),
    onSale: (card) => card.compareAtPrice !== null && card.compareAtPrice > card.price,
  },

  Product: {
    async category(product, _, context) {
      return (await context.categoryBySlug(product.category.slug)) ?? { ...product.category, description: "", subCategories: [] };
    },
    async subCategory(product, _, context) {
      if (!product.subCategory) return null;
      const category = await context.categoryBySlug(product.category.slug);
      const sub = category?.subCategories.find((candidate) => candidate.slug === product.subCategory!.slug);
      return sub ?? product.subCategory;
    },
    attributes: (product) => Object.entries(product.attributes).map(([name, value]) => ({ name, value })),
  },

  SubCategory: {
    description: (sub) => sub.description ?? "",
  },

  Variant: {
    inStock: (variant) => variant.stock > 0,
    price: (variant, _, context) => money(variant.price, context),
    compareAtPrice: (variant, _, context) => maybeMoney(variant.compareAtPrice, context),
  },

  PriceRange: {
    min: (range, _, context) => money(range.min, context),
    max: (range, _, context) => money(range.max, context),
  },
};
