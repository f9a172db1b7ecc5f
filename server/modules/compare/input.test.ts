import { describe, expect, test } from "vitest";
import { parseCompareAction, parseSharedProducts, refererPath, safeReturnPath, sharePath } from "./input.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("compare forms", () => {
  test("add and remove name one product", () => {
    expect(parseCompareAction(form({ intent: "add", productId: "12", returnTo: "/shop" }))).toEqual({
      intent: "add",
      productId: 12,
      returnTo: "/shop",
    });
    expect(parseCompareAction(form({ intent: "remove", productId: "3", via: "fetch" }))).toEqual({
      intent: "remove",
      productId: 3,
      via: "fetch",
    });
  });

  test("a toggle button names its intent and carries the product", () => {
    expect(parseCompareAction(form({ add: "12", returnTo: "/shop" }))).toEqual({
      intent: "add",
      productId: 12,
      returnTo: "/shop",
    });
    expect(parseCompareAction(form({ remove: "3", via: "fetch" }))).toEqual({ intent: "remove", productId: 3, via: "fetch" });
  });

  test("clear needs nothing else; keep names up to four products", () => {
    expect(parseCompareAction(form({ intent: "clear" }))).toEqual({ intent: "clear" });
    expect(parseCompareAction(form({ intent: "keep", products: "4.9.4.2" }))).toEqual({ intent: "keep", products: [4, 9, 2] });
  });

  test("anything else is not a compare form", () => {
    const notForms: Record<string, string>[] = [
      {},
      { intent: "add" },
      { intent: "add", productId: "abc" },
      { intent: "add", productId: "0" },
      { intent: "add", productId: "-4" },
      { intent: "add", productId: "99999999999" },
      { intent: "add", productId: "2147483648" },
      { intent: "steal", productId: "1" },
      { intent: "keep", products: "1.2.3.4.5" },
      { intent: "keep", products: "1,2" },
      { intent: "add", productId: "1", via: "xhr" },
      // A toggle that cannot be read one way (the cases: toggle.test.ts).
      { add: "1", remove: "2" },
      { add: "abc" },
      { remove: "" },
    ];
    for (const fields of notForms) {
      expect(parseCompareAction(form(fields)), JSON.stringify(fields)).toBeNull();
    }
  });

  test("an address too long to return to does not spoil the form: it is left for the Referer", () => {
    const parsed = parseCompareAction(form({ intent: "add", productId: "1", returnTo: `/shop?${"x".repeat(3000)}` }));
    expect(parsed).toMatchObject({ intent: "add", productId: 1 });
    expect(safeReturnPath(parsed?.returnTo)).toBeNull();
  });

  test("a file where a field belongs is not a compare form", () => {
    const data = form({ intent: "add" });
    data.append("productId", new Blob(["12"]), "id.txt");
    expect(parseCompareAction(data)).toBeNull();
  });
});

describe("where a form returns to", () => {
  test("a path of the shop, with its query, without its hash", () => {
    expect(safeReturnPath("/shop/gloves?size=8&page=2#top")).toBe("/shop/gloves?size=8&page=2");
    expect(safeReturnPath("/compare-products")).toBe("/compare-products");
  });

  test("never another site", () => {
    for (const value of [
      "//evil.example/x",
      "/\\evil.example",
      // Dot segments that resolve to a protocol-relative address.
      "/.//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/./\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "shop",
      "",
      null,
      undefined,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
    // Tabs and newlines are dropped by URL parsing: "/\t/evil.example" must not become "//evil.example".
    expect(safeReturnPath("/\t/evil.example/")).toBeNull();
    expect(safeReturnPath("/\n/evil.example/")).toBeNull();
  });

  test("the referring page when it is ours", () => {
    expect(refererPath("http://shop.test/shop/gloves?size=8", "http://shop.test/compare-products")).toBe("/shop/gloves?size=8");
    expect(refererPath("https://evil.example/shop", "http://shop.test/compare-products")).toBeNull();
    expect(refererPath("not a url", "http://shop.test/compare-products")).toBeNull();
    expect(refererPath(null, "http://shop.test/compare-products")).toBeNull();
  });
});

describe("the shareable address", () => {
  test("names the products by slug, and says when only differences are shown", () => {
    expect(sharePath(["grip-pro", "zeta-one"], false)).toBe("/compare-products?products=grip-pro,zeta-one");
    expect(sharePath(["grip-pro"], true)).toBe("/compare-products?products=grip-pro&diff=1");
  });

  test("is read leniently: well-formed slugs or ids, no repeats, at most four", () => {
    expect(parseSharedProducts(null)).toBeNull();
    expect(parseSharedProducts("")).toEqual([]);
    expect(parseSharedProducts("grip-pro, Zeta-One,,grip-pro,12,<script>,a--b,x,y,z")).toEqual([
      "grip-pro",
      "zeta-one",
      "12",
      "x",
    ]);
  });

  test("what sharePath writes, parseSharedProducts reads", () => {
    const url = new URL(`http://shop.test${sharePath(["a-1", "b-2", "c-3"], true)}`);
    expect(parseSharedProducts(url.searchParams.get("products"))).toEqual(["a-1", "b-2", "c-3"]);
    expect(url.searchParams.get("diff")).toBe("1");
  });
});
