import type { MetaDescriptor } from "react-router";
import { SHARE_ARTWORK } from "../../server/modules/media/shared.ts";

/** What every page's metadata needs to know of the shop (from the root loader). */
export interface SiteInfo {
  siteName: string;
  tagline: string;
  publicUrl: string;
}

export interface PageInfo {
  /** The page's own title; absent on the home page, which is titled by the shop's name. */
  title?: string;
  description?: string;
  /** The page's path, for its canonical address; the query string is left out on purpose. */
  path: string;
  /** An image path for sharing; the shop's share image otherwise. */
  image?: string;
}

type MatchLike = { id: string; data?: unknown } | undefined;

/** Finds the shop information the root loader put on every page. */
export function siteFrom(matches: readonly MatchLike[]): SiteInfo | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as { site?: SiteInfo } | undefined;
  return root?.site;
}

/** Site name, title, description, share image, canonical address and og:type for a page. */
export function pageMeta(site: SiteInfo | undefined, page: PageInfo): MetaDescriptor[] {
  const siteName = site?.siteName ?? "";
  const base = site?.publicUrl ?? "";
  const title = page.title ? `${page.title} | ${siteName}` : `${siteName}: ${site?.tagline ?? ""}`;
  const description = page.description ?? `${siteName}, ${site?.tagline ?? ""}.`;
  const url = `${base}${page.path}`;
  // A page without a picture of its own shares the shop's drawn share image (ADR 80).
  const image = `${base}${page.image ?? `/media/${SHARE_ARTWORK}`}`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: url },
  ];
}
