/*
 * "Shop the story" (issue 27 §4, ADR 82): a post has no products of its own (news_posts holds no
 * link to the catalogue), so a post shows products of the shop category its newsroom category
 * writes about; a post in any other category, or in none, shows the featured products.
 */

/** The shop category (a top-level slug) each newsroom category's stories are about. */
const SHOP_CATEGORY_OF: Readonly<Record<string, string>> = {
  gear: "gloves",
  "pro-keepers": "gloves",
  technique: "training",
  training: "training",
  community: "kits",
};

/** The shop category a post's products come from, or null for the featured products. */
export function storyShopCategory(newsCategory: string | null | undefined): string | null {
  return newsCategory && Object.hasOwn(SHOP_CATEGORY_OF, newsCategory) ? SHOP_CATEGORY_OF[newsCategory]! : null;
}

/** How many products a post shows: one row of four from 1024 px, two rows of two on a phone. */
export const STORY_PRODUCTS = 4;
