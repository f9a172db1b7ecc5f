import { expect, test } from "vitest";
import { PART_DEFAULTS } from "./defaults.ts";
import { launchPage } from "./launch-page.ts";
import { storedValue, STORED_PARTS } from "./read.ts";
import { applyRowOp } from "./row-ops.ts";
import { linkProblem } from "./schemas.ts";

/* The site data's rules (ADR 76) on their own: which links a part may hold, what is stored, row moves, the launch page. */

test("a link is a path of the shop or an https address of another site, nothing else", () => {
  for (const ok of ["/", "/membership", "/shop/gloves?size=8#fit", "https://research.example/keepers"])
    expect(linkProblem(ok), ok).toBeNull();
  for (const bad of [
    "",
    "membership",
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    "mailto:a@b.example",
    "http://plain.example",
    "https://user:pass@host.example/",
    `/${"a".repeat(500)}`,
  ])
    expect(linkProblem(bad), bad).not.toBeNull();
});

test("every default reads back as itself through its part's schema: what is stored is what the form and the API check", () => {
  for (const part of STORED_PARTS) expect(storedValue(part, PART_DEFAULTS[part]), part).toEqual(PART_DEFAULTS[part]);
  // A value broken by hand reads as the default, never as a failing page.
  expect(storedValue("footer", { columns: "nope" })).toEqual(PART_DEFAULTS.footer);
});

test("row moves: up, down and remove by place, a footer column's link by column and place; what cannot move is null", () => {
  const nav = { items: [{ kind: "categories" }, { kind: "link", label: "A", href: "/a" }] };
  expect(applyRowOp("navigation", nav, "down:0")).toEqual({ items: [nav.items[1], nav.items[0]] });
  expect(applyRowOp("navigation", nav, "up:0")).toBeNull();
  expect(applyRowOp("navigation", nav, "down:1")).toBeNull();
  expect(applyRowOp("navigation", nav, "remove:5")).toBeNull();
  expect(applyRowOp("navigation", nav, "remove:0")).toEqual({ items: [nav.items[1]] });
  expect(applyRowOp("contact", PART_DEFAULTS.contact, "remove:0")).toBeNull();
  const footer = {
    columns: [
      {
        title: "T",
        links: [
          { label: "1", href: "/1" },
          { label: "2", href: "/2" },
        ],
      },
    ],
  };
  expect(applyRowOp("footer", footer, "up:0.1")).toEqual({
    columns: [{ title: "T", links: [footer.columns[0]!.links[1], footer.columns[0]!.links[0]] }],
  });
  expect(applyRowOp("navigation", nav, "up:0.1")).toBeNull();
});

test("the launch's text over the launch page: set parts replace the page's, unset ones keep them; no entry, a page of the launch alone", () => {
  const page = {
    slug: "launch",
    title: "Own title",
    description: "Own text",
    locked: false,
    blocks: [
      { kind: "text", html: "<p>x</p>" },
      { kind: "countdown", until: "2026-01-01T00:00:00.000Z", title: "Soon" },
    ],
  };
  expect(launchPage(page, { at: null, headline: null, text: null })).toEqual(page);
  expect(launchPage(page, { at: "2027-03-01T18:30:00.000Z", headline: "New", text: null })).toMatchObject({
    title: "New",
    description: "Own text",
    blocks: [page.blocks[0], { kind: "countdown", until: "2027-03-01T18:30:00.000Z", title: "Soon" }],
  });
  expect(launchPage(null, { at: null, headline: null, text: null })).toBeNull();
  expect(launchPage(null, { at: "2027-03-01T18:30:00.000Z", headline: "New", text: "Soon" })).toMatchObject({
    title: "New",
    blocks: [{ kind: "countdown" }, { kind: "signup" }],
  });
});
