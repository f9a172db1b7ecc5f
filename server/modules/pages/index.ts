import type { Db } from "../../db/client.ts";
import type { ProductCard } from "../catalog/index.ts";
import type { LinkSigner } from "../external-links/index.ts";
import { cachedByKey } from "../catalog/index.ts";
import { renderMarkdown, createRenderedMarkdown } from "../news/index.ts";
import { mediaRefs, viewBlocks, type ViewBlock } from "./blocks.ts";
import { mediaByRef, movedPagePath, pageRow, sitemapPageSlugs } from "./read.ts";
import { POLICY_PAGES } from "./words.ts";

export type { ViewBlock } from "./blocks.ts";
export { createPagesEditor, type PagesEditor } from "./editor.ts";
export type { EditablePage, PageListRow } from "./editor-read.ts";
export { versionOf as pageVersionOf } from "../editorial/index.ts";

// A page is read on every visit and changes when an editor saves it: kept this long in memory.
const PAGE_CACHE_MS = 10_000;
const PAGE_CACHE_ENTRIES = 500;

/** The shop's own pages (/about, the policies, /launch and any other single-segment page). */
export type ShopPage = {
  slug: string;
  title: string;
  description: string;
  /** When a policy page last changed (ISO, UTC): the page says so (issue 26 §3); null for other pages. */
  changedAt: string | null;
} & ({ locked: false; blocks: ViewBlock[] } | { locked: true; blocks: [] });

export interface PagesConfig {
  /** Product cards for a page's product block: a category's, or the named products. */
  products: (block: { category?: string; products?: string[] }) => Promise<ProductCard[]>;
  /** Signs the page's links to other sites (text and call-to-action blocks) for the external-site notice. */
  sign?: LinkSigner;
}

export function createPages(db: Db, config: PagesConfig) {
  const rendered = createRenderedMarkdown((markdown) => renderMarkdown(markdown, { sign: config.sign }));
  const rows = cachedByKey((slug) => pageRow(db, slug), { ttlMs: PAGE_CACHE_MS, maxEntries: PAGE_CACHE_ENTRIES });
  return {
    /** Whether the owner took the page off the site (the block-page guard asks). */
    async isBlocked(slug: string): Promise<boolean> {
      return (await rows(slug))?.blocked === true;
    },
    /**
     * The published page at that slug as this reader may see it, or null. A members-only page is
     * locked for others: its title and description, none of its blocks. A blocked page is null.
     */
    async page(slug: string, reader: { member: boolean }): Promise<ShopPage | null> {
      const row = await rows(slug);
      if (!row || row.blocked) return null;
      const { title, description } = row;
      const changedAt = POLICY_PAGES.includes(slug) ? row.updatedAt : null;
      if (row.membersOnly && !reader.member) return { slug, title, description, changedAt, locked: true, blocks: [] };
      const media = await mediaByRef(db, mediaRefs(row.blocks));
      return {
        slug,
        title,
        description,
        changedAt,
        locked: false,
        blocks: await viewBlocks(row.blocks, {
          media,
          products: config.products,
          sign: config.sign,
          renderText: (markdown, index) => rendered(`page ${slug}@${row.updatedAt}#${index}`, markdown),
        }),
      };
    },
    sitemapSlugs: () => sitemapPageSlugs(db),
    /** Where a page whose address changed is now (a 301), or null. */
    movedTo: (path: string) => movedPagePath(db, path),
    invalidate: () => rows.invalidate(),
  };
}

export type PagesService = ReturnType<typeof createPages>;
