import { SOCIAL_LINKS } from "../external-links/index.ts";
import type { Contact, Footer, LaunchText, Navigation, Social, StoredPart, Trust } from "./words.ts";

/*
 * What each part of the site's data is while nobody has changed it (ADR 76): the demo shop's
 * header, footer, contact details and trust bar (ADR 79), which the owner edits on /admin/site.
 */

/**
 * The header: the catalogue's categories, then the sale, the news and the membership. The sale is
 * the gloves' sale listing: the shop has a sale listing per category, none across the shop. No
 * "New": the catalogue has no notion of a new product or drop to list (ADR 79).
 */
export const DEFAULT_NAVIGATION: Navigation = {
  items: [
    { kind: "categories" },
    { kind: "link", label: "Sale", href: "/shop/gloves/sale" },
    { kind: "link", label: "News", href: "/news-and-media" },
    { kind: "link", label: "Membership", href: "/membership" },
  ],
};

/** The footer's columns: help, the company, the membership and the policies (at most four: FOOTER_MAX_COLUMNS). */
export const DEFAULT_FOOTER: Footer = {
  columns: [
    {
      title: "Help",
      links: [
        // The terms hold the delivery terms (section 4); the shop has no page of its own on delivery.
        { label: "Delivery", href: "/terms-condition" },
        { label: "Returns", href: "/returns-policy" },
        { label: "Your orders", href: "/my-account/order-history" },
      ],
    },
    {
      title: "Company",
      links: [
        { label: "About us", href: "/about" },
        { label: "The keeper's call", href: "/the-keepers-call" },
        { label: "xG explained", href: "/xg" },
        { label: "News and media", href: "/news-and-media" },
      ],
    },
    {
      title: "Membership",
      links: [
        { label: "The Keepers' Club", href: "/membership" },
        { label: "Members' world", href: "/membership-world" },
        { label: "Create an account", href: "/sign-up" },
      ],
    },
    {
      title: "Policies",
      links: [
        { label: "Privacy policy", href: "/privacy-policy" },
        { label: "Returns policy", href: "/returns-policy" },
        { label: "Terms and conditions", href: "/terms-condition" },
      ],
    },
  ],
};

/**
 * No e-mail address of its own: the shop's contact address is then the CONTACT_EMAIL setting
 * (hello@ and PUBLIC_URL's host unless set), filled in where the data is read (snapshot.ts).
 */
export const DEFAULT_CONTACT: Contact = { email: null, phone: null, address: [], hours: null };

export const DEFAULT_TRUST: Trust = {
  items: [
    { text: "Free NL delivery from €50", href: "/terms-condition" },
    { text: "30-day returns", href: "/returns-policy" },
    { text: "Secure payment", href: null },
    { text: "Members' prices", href: "/membership" },
  ],
};

export const DEFAULT_SOCIAL: Social = { links: SOCIAL_LINKS.map(({ name, url }) => ({ name, url })) };

/** Nothing set: the /launch page as its entry has it. */
export const DEFAULT_LAUNCH: LaunchText = { at: null, headline: null, text: null };

export const PART_DEFAULTS: { [K in StoredPart]: unknown } = {
  navigation: DEFAULT_NAVIGATION,
  footer: DEFAULT_FOOTER,
  contact: DEFAULT_CONTACT,
  trust: DEFAULT_TRUST,
  social: DEFAULT_SOCIAL,
  launch: DEFAULT_LAUNCH,
};
