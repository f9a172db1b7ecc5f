import { expect, test } from "vitest";
import type { PageBlock } from "../../db/schema/index.ts";
import { viewBlocks } from "./blocks.ts";

/* A page's links to other sites are signed when the page is rendered, so the external-site notice follows them. */

const sign = (url: string) => `sig(${url})`;
const lookups = { media: new Map(), products: async () => [], sign };

test("a call to action to another site carries the shop's signature; one to a path of the shop none", async () => {
  const blocks = [
    { kind: "cta", title: "Study", label: "Read", href: "https://research.example/gloves" },
    { kind: "cta", title: "Launch", label: "Go", href: "/launch" },
  ] as PageBlock[];
  expect(await viewBlocks(blocks, lookups)).toEqual([
    {
      kind: "cta",
      title: "Study",
      text: null,
      label: "Read",
      href: "https://research.example/gloves",
      sig: "sig(https://research.example/gloves)",
    },
    { kind: "cta", title: "Launch", text: null, label: "Go", href: "/launch", sig: null },
  ]);
  expect(await viewBlocks(blocks, { ...lookups, sign: undefined })).toMatchObject([{ sig: null }, { sig: null }]);
});

test("a text block's links to other sites go through the notice, signed", async () => {
  const [view] = await viewBlocks(
    [{ kind: "text", markdown: "[Study](https://research.example/gloves)" }] as PageBlock[],
    lookups,
  );
  expect(view).toEqual({
    kind: "text",
    html: `<p><a href="/leaving?to=${encodeURIComponent("https://research.example/gloves")}&amp;sig=${encodeURIComponent("sig(https://research.example/gloves)")}" rel="nofollow noopener">Study</a></p>\n`,
  });
});
