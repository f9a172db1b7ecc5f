import { expect, test } from "vitest";
import { nulTextAt } from "./nul-text.ts";

test("finds a NUL character in an input and names the top-level field it is in", () => {
  expect(nulTextAt({ identifier: "a\u0000b", password: "x" })).toBe("identifier");
  expect(nulTextAt({ address: { city: "Am\u0000sterdam" } })).toBe("address");
  expect(nulTextAt([{ topic: "news\u0000" }])).toBe("");
  expect(nulTextAt("plain\u0000")).toBe("");
  expect(nulTextAt({ identifier: "keeper@example.com", list: ["a", "b"], n: 3 })).toBeNull();
});
