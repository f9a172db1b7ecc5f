import { describe, expect, test } from "vitest";
import { listUnsubscribeHeaders } from "./list-unsubscribe.ts";
import { createUnsubscribeTokens, newUnsubscribeKey } from "./tokens.ts";

describe("the one-click unsubscribe headers (RFC 2369, RFC 8058)", () => {
  test("name the https address, and a mailbox when given, and ask for one-click", () => {
    const url = "https://shop.example/newsletter/unsubscribe?token=abc.def";
    expect(listUnsubscribeHeaders(url)).toEqual({
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(listUnsubscribeHeaders(url, { mailto: "leave@shop.example" })["List-Unsubscribe"]).toBe(
      `<${url}>, <mailto:leave@shop.example?subject=unsubscribe>`,
    );
  });

  test("refuse what would break the header: no absolute address, brackets, spaces, a mailbox with a query", () => {
    for (const bad of [
      "/newsletter/unsubscribe",
      "javascript:alert(1)",
      "https://shop.example/a>b",
      "https://shop.example/a b",
    ]) {
      expect(() => listUnsubscribeHeaders(bad), bad).toThrow(TypeError);
    }
    expect(() => listUnsubscribeHeaders("https://shop.example/u", { mailto: "a@b.example?cc=x@y.example" })).toThrow(TypeError);
  });
});

describe("unsubscribe tokens", () => {
  const tokens = createUnsubscribeTokens("s".repeat(43));

  test("name their subscription's key, and only under the shop's own secret", () => {
    const key = newUnsubscribeKey();
    const token = tokens.tokenFor(key);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{24}$/);
    expect(tokens.keyOf(token)).toBe(key);
    expect(tokens.tokenFor(key)).toBe(token);
    expect(createUnsubscribeTokens("t".repeat(43)).keyOf(token)).toBeNull();
  });

  test("anything else names nothing", () => {
    const token = tokens.tokenFor(newUnsubscribeKey());
    const [key, mac] = token.split(".") as [string, string];
    for (const bad of [
      key,
      `${key}.`,
      `.${mac}`,
      `${key}.${mac}.`,
      `${newUnsubscribeKey()}.${mac}`,
      `${key}.${mac.slice(1)}`,
      `${key}x.${mac}`,
      "",
    ]) {
      expect(tokens.keyOf(bad), bad).toBeNull();
    }
  });
});
