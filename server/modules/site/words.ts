/*
 * The site's own data (issue 26 §4, ADR 76) as pages, the server and GET /data read it: plain
 * types and constants, no imports, so pages take this file through shared.ts.
 */

/** A link of the site's data: a path of the shop ("/membership") or an http(s) address. */
export interface SiteLink {
  label: string;
  href: string;
}

/**
 * A header menu item: a link, or the catalogue's categories (each with its sub-categories, in
 * the catalogue's menu order) at that place, so a new category shows without anyone editing the menu.
 */
export type NavItem = { kind: "categories" } | ({ kind: "link" } & SiteLink);

export interface Navigation {
  items: NavItem[];
}

export interface FooterColumn {
  title: string;
  links: SiteLink[];
}

export interface Footer {
  columns: FooterColumn[];
}

export interface Contact {
  email: string | null;
  phone: string | null;
  /** The postal address, a line each; empty: none shown. */
  address: string[];
  /** Opening hours as the shop writes them ("Mon-Fri 9:00-17:00"). */
  hours: string | null;
}

/** A reassurance of the trust bar ("Free returns within 30 days"), linked to where it is explained or not. */
export interface TrustItem {
  text: string;
  href: string | null;
}

export interface Trust {
  items: TrustItem[];
}

/** The shop's page on a social network; https only. */
export interface SocialProfile {
  name: string;
  url: string;
}

export interface Social {
  links: SocialProfile[];
}

/**
 * What the launch page says (/admin/launch): when the launch is, its headline and text. A null
 * leaves that part as the /launch page's entry has it.
 */
export interface LaunchText {
  /** The moment of the launch (ISO 8601, UTC). */
  at: string | null;
  headline: string | null;
  text: string | null;
}

/** The launch's state: its text, and whether launch mode (the `launch` flag) sends shoppers to /launch. */
export interface Launch extends LaunchText {
  mode: boolean;
}

/** Every feature flag by key: on or off. */
export type Flags = Record<string, boolean>;

/** Everything GET /data answers. */
export interface SiteData {
  navigation: Navigation;
  footer: Footer;
  contact: Contact;
  trust: Trust;
  social: Social;
  launch: Launch;
  flags: Flags;
}

export type SiteDataKey = keyof SiteData;

/** The parts of GET /data, in the order it answers them (GET /data/{key}). */
export const SITE_DATA_KEYS: readonly SiteDataKey[] = ["navigation", "footer", "contact", "trust", "social", "launch", "flags"];

/** The parts editors change on /admin/site; the launch has /admin/launch, the flags /admin/flags. */
export const SITE_PARTS = ["navigation", "footer", "contact", "trust", "social"] as const;
export type SitePart = (typeof SITE_PARTS)[number];

/** The stored parts: the site's own, and the launch's text. */
export type StoredPart = SitePart | "launch";

/** Where launch mode sends shoppers. */
export const LAUNCH_PATH = "/launch";

/**
 * The addresses (and those below them) that stay open in launch mode (ADR 76): the launch page
 * and the policies a visitor reads before signing up, the newsletter's pages and its mails'
 * links, logging in (so staff can, and see the whole shop), the external-site notice, and the
 * shop's error pages and files for robots. The back office is its own (its guard).
 */
export const LAUNCH_OPEN_PATHS: readonly string[] = [
  LAUNCH_PATH,
  "/privacy-policy",
  "/returns-policy",
  "/terms-condition",
  "/newsletter",
  "/back-in-stock",
  "/login",
  "/logout",
  "/forgot-password",
  "/reset-password",
  "/recover-user",
  "/confirm-email",
  "/leaving",
  "/404",
  "/error",
  "/robots.txt",
  "/sitemap.xml",
];

/** Whether launch mode leaves the page at `pathname` open. */
export function openInLaunch(pathname: string): boolean {
  return LAUNCH_OPEN_PATHS.some((open) => pathname === open || pathname.startsWith(`${open}/`));
}

/** Whether an address is a path of the shop (not one a browser would read as another site's). */
export function isShopPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.includes("\\");
}
