/*
 * The feature flags the shop's code asks about (ADR 35, 40, 76): what each does, and what it is
 * while nobody has set it. No imports: the flags page takes this through shared.ts.
 */

export interface KnownFlag {
  key: string;
  label: string;
  /** What turning it off does, in the owner's words. */
  does: string;
  /** Its state while the shop has no row for it. */
  initially: boolean;
}

export const KNOWN_FLAGS: readonly KnownFlag[] = [
  {
    key: "compare",
    label: "Compare",
    does: "Shoppers put products side by side: the Compare buttons on product cards and pages, the header's link, and /compare-products. Off: none of it shows, and /compare-products does not exist.",
    initially: true,
  },
  {
    key: "news",
    label: "News and media",
    does: "The news section (/news-and-media), its feed and its pages in the sitemap. Off: they do not exist.",
    initially: true,
  },
  {
    key: "membership",
    label: "Membership",
    does: "The membership pages (/membership, /membership-world) and their place in the sitemap. Off: they do not exist.",
    initially: true,
  },
  {
    key: "launch",
    label: "Launch mode",
    does: "On: every shop page sends shoppers to the launch page (/launch); the policies, logging in and the newsletter stay open, and signed-in staff see the whole shop. Set the launch's date and text at /admin/launch.",
    initially: false,
  },
  {
    key: "analytics",
    label: "Analytics tag",
    does: "The visitor-analytics script (Umami) on every page, when the shop has one configured (ANALYTICS_SCRIPT_URL). Off: no page carries the tag.",
    initially: true,
  },
];

/** A flag's state while the shop has no row for it: the known flag's, and on for any other (a feature without a flag is on). */
export function initialFlag(key: string): boolean {
  return KNOWN_FLAGS.find((flag) => flag.key === key)?.initially ?? true;
}
