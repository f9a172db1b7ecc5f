import { noFilters } from "../../server/modules/catalog/shared.ts";
import type { Catalog, ProductCard } from "../../server/modules/catalog/index.ts";
import { STORY_PRODUCTS, storyShopCategory } from "../../server/modules/news/shared.ts";
import { shopErrorCode } from "../../server/lib/shared.ts";

type ListingViewer = Parameters<Catalog["listing"]["list"]>[1];

/**
 * "Shop the story" (ADR 82): products of the shop category the post's newsroom category is about,
 * or the featured products. Products are public, so a locked post shows them too.
 */
export async function storyProducts(
  catalog: Catalog,
  newsCategory: string | undefined,
  viewer: ListingViewer,
): Promise<ProductCard[]> {
  const category = storyShopCategory(newsCategory);
  if (category !== null) {
    // The owner may have renamed or removed that category: then the featured products show.
    const listing = await catalog.listing
      .list({ scope: { category }, filters: noFilters(), sort: "featured", page: 1, pageSize: STORY_PRODUCTS }, viewer)
      .catch((error: unknown) => {
        if (shopErrorCode(error) === "UNKNOWN_SCOPE") return null;
        throw error;
      });
    if (listing && listing.products.length > 0) return listing.products;
  }
  return (await catalog.featuredProducts()).slice(0, STORY_PRODUCTS);
}
