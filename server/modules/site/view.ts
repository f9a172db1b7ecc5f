import type { MenuCategory } from "../catalog/index.ts";
import type { Contact, Flags, Launch, Navigation, SiteData } from "./words.ts";
import { isShopPath } from "./words.ts";

/*
 * The site's data as the shop's pages show it (ADR 76): every link to another site carries the
 * shop's signature, so the external-site notice forwards it (ADR 43), and the header's menu is
 * its items with the catalogue's categories put in their place. Made once per data (and menu),
 * so every page shares the same objects: their JSON text and the menu's HTML are made once too.
 */

/**
 * A link as a page renders it: for another site's address, `sig` is the shop's signature for the
 * notice ("" when the notice forwards there unsigned, as to the social networks); null for a path of the shop.
 */
export interface ViewLink {
  label: string;
  href: string;
  sig: string | null;
}

/** One entry of the header's menu: a link or a category, with its sub-categories (none for a link). */
export interface MenuEntry extends ViewLink {
  /** The category's slug; null for a link. */
  category: string | null;
  /** The category's picture for the large menu (a stored image path); null for a link or a category without one. */
  picture: string | null;
  children: { label: string; href: string }[];
}

export interface SiteView {
  footer: { columns: { title: string; links: ViewLink[] }[] };
  contact: Contact;
  trust: { items: { text: string; href: string | null; sig: string | null }[] };
  social: { links: ViewLink[] };
  flags: Flags;
  launch: Launch;
}

export type Signer = (url: string) => string;

const signed = (href: string, sign: Signer | undefined) => (isShopPath(href) || !sign ? null : sign(href));

/**
 * The shop's paths each feature flag switches off (their pages answer 404 then, by their route
 * handle's feature): a link there leaves the menu, the footer and the trust bar while it is off.
 */
const FEATURE_PATHS: Readonly<Record<string, readonly string[]>> = {
  news: ["/news-and-media"],
  membership: ["/membership", "/membership-world"],
  compare: ["/compare-products"],
};

/** Whether `href` leads to a page of a feature that `flags` switch off. */
export function leadsToFeatureOff(href: string, flags: Flags): boolean {
  const path = href.split(/[?#]/, 1)[0]!;
  return Object.entries(FEATURE_PATHS).some(
    ([feature, prefixes]) => flags[feature] === false && prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
  );
}

export function siteView(data: SiteData, sign?: Signer): SiteView {
  const link = ({ label, href }: { label: string; href: string }): ViewLink => ({ label, href, sig: signed(href, sign) });
  const on = ({ href }: { href: string | null }) => href === null || !leadsToFeatureOff(href, data.flags);
  return {
    footer: {
      columns: data.footer.columns
        .map((column) => ({ title: column.title, links: column.links.filter(on).map(link) }))
        .filter((column) => column.links.length > 0),
    },
    contact: data.contact,
    trust: {
      items: data.trust.items.filter(on).map((item) => ({ ...item, sig: item.href === null ? null : signed(item.href, sign) })),
    },
    social: { links: data.social.links.map(({ name, url }) => link({ label: name, href: url })) },
    flags: data.flags,
    launch: data.launch,
  };
}

/** The header's menu: the navigation's items in order, the categories item standing for the catalogue's categories. */
export function menuEntries(
  navigation: Navigation,
  categories: readonly MenuCategory[],
  sign?: Signer,
  flags: Flags = {},
): MenuEntry[] {
  return navigation.items.flatMap((item): MenuEntry[] =>
    item.kind === "categories"
      ? categories.map((category) => ({
          label: category.name,
          href: `/shop/${category.slug}`,
          sig: null,
          category: category.slug,
          picture: category.imagePath,
          children: category.subCategories.map((sub) => ({ label: sub.name, href: `/shop/${category.slug}/sub/${sub.slug}` })),
        }))
      : leadsToFeatureOff(item.href, flags)
        ? []
        : [{ label: item.label, href: item.href, sig: signed(item.href, sign), category: null, picture: null, children: [] }],
  );
}
