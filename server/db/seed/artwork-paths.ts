/*
 * Where the shop's drawn artwork lives in its media folder (issue 27): the seed renders each file
 * at the first start, and the pages show it through the image endpoint wherever the owner has not
 * uploaded a picture of their own. Pure data, shared with the pages through media/shared.ts.
 */

/** The home page's campaign picture, wide (at least 2400 x 1200). */
export const HERO_ARTWORK = "art/hero/home.webp";

/** The home hero cropped for a phone (portrait, at least 1200 x 1500). */
export const HERO_PORTRAIT_ARTWORK = "art/hero/home-portrait.webp";

/** The membership card's artwork (the Keepers' Club card, 1600 x 1000). */
export const MEMBERSHIP_CARD_ARTWORK = "art/membership/card.webp";

/** The /launch page's teaser (1600 x 900). */
export const LAUNCH_TEASER_ARTWORK = "art/launch/teaser.webp";

/**
 * The share image a page without its own picture gives to social sites (1200 x 630): a PNG, which
 * every site that shows link previews reads, served as it is from /media/.
 */
export const SHARE_ARTWORK = "art/share.png";

/** The drawn tile of a demo category, by its slug (1200 x 675): the seed sets it as the category's picture. */
export function categoryArtworkPath(slug: string): string {
  return `art/categories/${slug}.webp`;
}

/** The drawn picture of one of the site's own pages (about, the-keepers-call, xg), 1600 x 900. */
export function pageArtworkPath(slug: string): string {
  return `art/pages/${slug}.webp`;
}
