import { z } from "zod";
import type { PageBlock } from "../../db/schema/index.ts";
import { parts } from "../editorial/index.ts";

/*
 * One schema per input of the pages editor (ADR 75). The back office's form edits a page's text
 * blocks (`texts`, in their order; the page's other blocks stay as they are); the content API sends
 * the whole `blocks` list, checked by its collection (content/collections/pages.ts) before it comes
 * here. Both become PageInput.
 */

export const MAX_PAGE_SLUG = 120;
const { flag, someWords, words } = parts;

export const pageInputIn = (timeZone: string) =>
  z
    .object({
      version: parts.version,
      title: words("title", 200).min(1, "Give the page a title."),
      slug: parts.typedSlug(MAX_PAGE_SLUG),
      /** The search description: the page's meta description and share text. */
      description: someWords("search description", 300),
      texts: z.array(z.string().max(50_000, "A page's text has at most 50,000 characters.")).max(50).optional(),
      blocks: z
        .array(z.custom<PageBlock>((block) => typeof block === "object" && block !== null && "kind" in block))
        .max(50)
        .optional(),
      membersOnly: flag,
      inSitemap: flag,
      /** Taken off the site by the owner (the block-page guard): the API's; the form leaves it as it is. */
      blocked: z.boolean().optional(),
      ...parts.publishingIn(timeZone),
    })
    .superRefine(parts.needsMoment);
export type PageChange = z.output<ReturnType<typeof pageInputIn>>;

/** The page's blocks with its text blocks' Markdown replaced in order; a page with none gets one. */
export function withTexts(blocks: readonly PageBlock[], texts: readonly string[]): PageBlock[] {
  let next = 0;
  const kept = blocks.map((block) =>
    block.kind === "text" && next < texts.length ? { ...block, markdown: texts[next++]! } : block,
  );
  return [...kept, ...texts.slice(next).map((markdown): PageBlock => ({ kind: "text", markdown }))];
}
