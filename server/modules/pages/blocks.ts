import type { PageBlock } from "../../db/schema/index.ts";
import { safeLocalPath } from "../../lib/safe-path.ts";
import type { ProductCard } from "../catalog/index.ts";
import type { LinkSigner } from "../external-links/index.ts";
import { renderMarkdown } from "../news/index.ts";
import type { MediaRef } from "./read.ts";
import { storedImageSource } from "../media/index.ts";

/*
 * A page's blocks as the page shows them: Markdown rendered to sanitised HTML, images and
 * products looked up. The content API checked each block's fields when it was saved
 * (content/collections/pages.ts); a block that no longer resolves (a deleted image, a product
 * gone) is left out rather than shown broken.
 */

export type ViewBlock =
  | { kind: "text"; html: string }
  | { kind: "image"; src: string; alt: string; width: number; height: number; caption: string | null }
  | { kind: "video"; url: string; title: string | null }
  | { kind: "products"; title: string; products: ProductCard[] }
  | {
      kind: "cta";
      title: string;
      text: string | null;
      label: string;
      href: string;
      /** The shop's signature of `href` when it leaves the shop, for the external-site notice's link. */
      sig: string | null;
    }
  | { kind: "countdown"; until: string; title: string | null }
  | { kind: "signup"; title: string; text: string | null };

export interface BlockLookups {
  media: ReadonlyMap<number | string, MediaRef>;
  products: (block: { category?: string; products?: string[] }) => Promise<ProductCard[]>;
  sign?: LinkSigner;
  /** Renders a text block's Markdown (the `index`th block); the page keeps what it rendered per edit. */
  renderText?: (markdown: string, index: number) => string;
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

export async function viewBlocks(blocks: readonly PageBlock[], lookups: BlockLookups): Promise<ViewBlock[]> {
  const views = await Promise.all(blocks.map((block, index) => viewBlock(block, index, lookups)));
  return views.filter((view): view is ViewBlock => view !== null);
}

async function viewBlock(block: PageBlock, index: number, lookups: BlockLookups): Promise<ViewBlock | null> {
  switch (block.kind) {
    case "text": {
      const markdown = String(block.markdown ?? "");
      const html = lookups.renderText ? lookups.renderText(markdown, index) : renderMarkdown(markdown, { sign: lookups.sign });
      return { kind: "text", html };
    }
    case "image": {
      const media = lookups.media.get(block.media as number | string);
      if (!media) return null;
      return {
        kind: "image",
        src: storedImageSource(media.path),
        alt: media.alt,
        width: media.width,
        height: media.height,
        caption: text(block.caption),
      };
    }
    case "video":
      return { kind: "video", url: String(block.url), title: text(block.title) };
    case "products": {
      const products = await lookups.products({
        category: text(block.category) ?? undefined,
        products: Array.isArray(block.products) ? block.products.map(String) : undefined,
      });
      return products.length > 0 ? { kind: "products", title: String(block.title), products } : null;
    }
    case "cta": {
      const href = String(block.href);
      return {
        kind: "cta",
        title: String(block.title),
        text: text(block.text),
        label: String(block.label),
        href,
        sig: safeLocalPath(href) === null ? (lookups.sign?.(href) ?? null) : null,
      };
    }
    case "countdown": {
      // Checked when saved; a moment that no longer reads as one (an edit by hand) leaves the block out.
      const until = String(block.until);
      return Number.isNaN(Date.parse(until)) ? null : { kind: "countdown", until, title: text(block.title) };
    }
    case "signup":
      return { kind: "signup", title: String(block.title), text: text(block.text) };
    default:
      return null;
  }
}

/** The image blocks' media references, to look them up in one query. */
export function mediaRefs(blocks: readonly PageBlock[]): (number | string)[] {
  return blocks.filter((block) => block.kind === "image").map((block) => block.media as number | string);
}
