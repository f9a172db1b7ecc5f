/*
 * The shop's pages on social networks: the footer links to them, and the external-site notice
 * (/leaving) lets visitors go on to their hosts. One list, so the two never disagree.
 */

export interface SocialLink {
  /** The network's name, the link's text. */
  name: string;
  /** https only. */
  url: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: "Instagram", url: "https://www.instagram.com/safehandskeepers" },
  { name: "YouTube", url: "https://www.youtube.com/@safehandskeepers" },
  { name: "TikTok", url: "https://www.tiktok.com/@safehandskeepers" },
  { name: "Facebook", url: "https://www.facebook.com/safehandskeepers" },
];

/** The origins of those links: where the notice may send a visitor. */
export const SOCIAL_ORIGINS: readonly string[] = [...new Set(SOCIAL_LINKS.map((link) => new URL(link.url).origin))];
