import type { LaunchText } from "./words.ts";

/*
 * The /launch page (ADR 76): its entry in the pages collection holds its blocks (text, sign-up,
 * products: /admin/pages), and /admin/launch says when the launch is and what it is called. The
 * launch's headline is the page's title, its text the page's lead, its moment every countdown's
 * end; what the launch leaves unset stays as the entry has it. Pure: the page's loader uses it.
 */

interface PageLike {
  slug: string;
  title: string;
  description: string;
  locked: boolean;
  blocks: ({ kind: string } & Record<string, unknown>)[];
}

/** The launch page's entry with the launch's text over it; without an entry, a page made of the launch alone (or null when it has no headline). */
export function launchPage<P extends PageLike>(page: P | null, launch: LaunchText): P | null {
  if (!page) {
    if (!launch.headline) return null;
    const blocks = [
      ...(launch.at ? [{ kind: "countdown", until: launch.at, title: null }] : []),
      { kind: "signup", title: "Be first to know", text: null },
    ];
    return { slug: "launch", title: launch.headline, description: launch.text ?? "", locked: false, blocks } as unknown as P;
  }
  return {
    ...page,
    title: launch.headline ?? page.title,
    description: launch.text ?? page.description,
    blocks: page.blocks.map((block) => (block.kind === "countdown" && launch.at ? { ...block, until: launch.at } : block)),
  } as P;
}
