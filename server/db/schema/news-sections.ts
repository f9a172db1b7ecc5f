/** The two sections of news and media: public news, and exclusives for members. Pure: pages use it too. */
export const NEWS_SECTIONS = ["news", "exclusives"] as const;
export type NewsSection = (typeof NEWS_SECTIONS)[number];
