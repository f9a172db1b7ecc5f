import { expect, test } from "vitest";
import { safeLocalPath } from "./safe-path.ts";

test.each([
  ["/my-account", "/my-account"],
  ["/shop/gloves?size=8&size=9", "/shop/gloves?size=8&size=9"],
  ["/compare-products#top", "/compare-products"],
  ["/shop/./gloves/../apparel", "/shop/apparel"],
  // An encoded tab stays encoded: a path on this site.
  ["/%09/evil.example", "/%09/evil.example"],
])("keeps the shop's own path %s", (value, path) => {
  expect(safeLocalPath(value)).toBe(path);
});

test.each([
  "//evil.example",
  "///evil.example",
  "/.//evil.example",
  "/./../..//evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "https://evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "evil.example",
  "",
  null,
  undefined,
  `/${"x".repeat(3000)}`,
])("refuses %j, which a browser could resolve off the site", (value) => {
  expect(safeLocalPath(value as string | null | undefined)).toBeNull();
});
