import { expect, test } from "vitest";
import { pageBlockSchema } from "./pages.ts";

/* A call to action's link: a path of the shop or an https address, nothing a browser reads as another site's path. */

const cta = (href: string) => pageBlockSchema().safeParse({ kind: "cta", title: "Launch", label: "Go", href }).success;

test("a call to action links to a path of the shop or an https address", () => {
  for (const href of ["/", "/launch", "/shop/gloves?size=8#fit", "https://research.example/gloves"])
    expect(cta(href), href).toBe(true);
});

test("never protocol-relative, backslashed, other schemes or with control characters", () => {
  for (const href of [
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "http://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "https://evil.example/\r\nx",
  ])
    expect(cta(href), JSON.stringify(href)).toBe(false);
});
