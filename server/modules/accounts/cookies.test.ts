import { expect, test } from "vitest";
import { readRedirect, redirectCookie } from "./cookies.ts";

/* The page remembered for after login (auth.redirect) never sends the visitor off the shop (issue 10 F4). */

const cookie = (path: string) => `auth.redirect=${encodeURIComponent(path)}`;

test("the remembered page comes back as it was set", () => {
  const set = redirectCookie("/my-account/order-history?page=2", { secure: false });
  expect(set).toMatch(/^auth\.redirect=%2Fmy-account%2Forder-history%3Fpage%3D2;/);
  expect(readRedirect(cookie("/my-account/order-history?page=2"))).toBe("/my-account/order-history?page=2");
});

test.each([
  "/.//evil.example",
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
])("a cookie holding %j, written by another page or by hand, leads nowhere", (path) => {
  expect(readRedirect(cookie(path))).toBeNull();
});
