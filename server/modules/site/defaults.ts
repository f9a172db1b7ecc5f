import { SOCIAL_LINKS } from "../external-links/index.ts";
import type { Contact, Footer, LaunchText, Navigation, Social, StoredPart, Trust } from "./words.ts";

/*
 * What each part of the site's data is while nobody has changed it (ADR 76): the header, footer
 * and contact details the shop showed before they became editable, so a shop looks as it did.
 */

export const DEFAULT_NAVIGATION: Navigation = { items: [{ kind: "categories" }] };

export const DEFAULT_FOOTER: Footer = {
  columns: [
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

export const DEFAULT_CONTACT: Contact = { email: "hello@shop.example", phone: null, address: [], hours: null };

export const DEFAULT_TRUST: Trust = {
  items: [
    { text: "Returns within 30 days", href: "/returns-policy" },
    { text: "Members' prices in the Keepers' Club", href: "/membership" },
    { text: "Pay by bank transfer, no account needed", href: null },
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
