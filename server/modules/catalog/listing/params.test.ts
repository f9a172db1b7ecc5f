import { describe, expect, test } from "vitest";
import { parseListingParams, wholeUnits } from "./params.ts";
import { noFilters } from "../../../../tests/support/listing-catalogue.ts";

const parse = (query: string, mode: "lenient" | "strict" = "strict") => parseListingParams(new URLSearchParams(query), mode);

describe("parseListingParams", () => {
  test("no parameters: featured, page 1, no filters", () => {
    expect(parse("")).toEqual({ sort: "featured", page: 1, filters: noFilters() });
  });

  test("every parameter, prices in whole units becoming minor units", () => {
    const query =
      "sort=price-asc&page=3&price_min=20&price_max=99.5&size=8&size=9&colour=Red&brand=alpha&sub=match" +
      "&in_stock=1&attr.cut=Negative&attr.cut=Hybrid&attr.grip=Wet&utm_source=mail";
    expect(parse(query)).toEqual({
      sort: "price-asc",
      page: 3,
      filters: {
        priceMin: 2000,
        priceMax: 9950,
        sizes: ["8", "9"],
        colours: ["Red"],
        brands: ["alpha"],
        subCategories: ["match"],
        attributes: { cut: ["Negative", "Hybrid"], grip: ["Wet"] },
        inStock: true,
      },
    });
  });

  test("empty values, as a form sends for blank fields, count as absent; repeats count once", () => {
    expect(parse("price_min=&price_max=&page=&sort=&size=&size=8&size=8&attr.cut=")).toEqual({
      sort: "featured",
      page: 1,
      filters: { ...noFilters(), sizes: ["8"] },
    });
  });

  test.each([
    ["page=abc", "page"],
    ["page=0", "page"],
    ["sort=cheapest", "sort"],
    ["price_min=-3", "price_min"],
    ["price_max=12.345", "price_max"],
    ["price_min=50&price_max=20", "price_max"],
    ["brand=Not%20A%20Slug", "brand"],
    ["sub=a/b", "sub"],
    ["in_stock=yes", "in_stock"],
    [`size=${"x".repeat(101)}`, "size"],
    ["attr.=Negative", "attr."],
    [`attr.cut=${"x".repeat(101)}`, "attr.cut"],
    [Array.from({ length: 51 }, (_, i) => `colour=c${i}`).join("&"), "colour"],
  ])("strict: %s is INVALID_INPUT naming %s", (query, param) => {
    expect(() => parse(query)).toThrow(expect.objectContaining({ code: "INVALID_INPUT", field: param }));
    expect(() => parse(query)).toThrow(new RegExp(`^${param.replace(".", "\\.")} `));
  });

  test("strict names the first bad parameter", () => {
    expect(() => parse("page=x&sort=y")).toThrow(expect.objectContaining({ field: "sort" }));
  });

  test("lenient drops what it cannot read and keeps the rest", () => {
    expect(
      parse("page=abc&sort=foo&price_min=-3&price_max=40&size=8&brand=Bad%20Slug&brand=alpha&in_stock=maybe", "lenient"),
    ).toEqual({
      sort: "featured",
      page: 1,
      filters: { ...noFilters(), priceMax: 4000, sizes: ["8"], brands: ["alpha"] },
    });
    expect(parse(`attr.=x&attr.cut=${"x".repeat(101)}&attr.cut=Flat&attr.grip=Wet`, "lenient").filters.attributes).toEqual({
      cut: ["Flat"],
      grip: ["Wet"],
    });
    expect(parse("price_min=50&price_max=20", "lenient").filters).toMatchObject({ priceMin: 5000, priceMax: undefined });
  });
});

describe("attribute names that are also names of object properties", () => {
  test("are refused or dropped, never crash", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const params = new URLSearchParams(`attr.${name}=x&size=8`);
      expect(() => parseListingParams(params, "lenient"), name).not.toThrow();
      const lenient = parseListingParams(params, "lenient");
      expect(lenient.filters.sizes).toEqual(["8"]);
      expect(
        Object.getPrototypeOf(lenient.filters.attributes) === null || !Object.hasOwn(lenient.filters.attributes, "__proto__"),
      ).toBe(true);
    }
    expect(() => parseListingParams(new URLSearchParams("attr.__proto__=x"), "strict")).toThrow(
      expect.objectContaining({ code: "INVALID_INPUT", field: "attr.__proto__" }),
    );
  });

  test("more than 20 attribute names are cut in lenient mode and refused in strict mode", () => {
    const many = new URLSearchParams(Array.from({ length: 30 }, (_, i) => `attr.a${i}=x`).join("&"));
    expect(Object.keys(parseListingParams(many, "lenient").filters.attributes)).toHaveLength(20);
    expect(() => parseListingParams(many, "strict")).toThrow(/at most 20/);
  });

  test("many bad values are dropped in one pass", () => {
    const bad = new URLSearchParams(Array.from({ length: 40 }, () => `brand=NOT A SLUG`).join("&") + "&brand=palmstrike");
    expect(parseListingParams(bad, "lenient").filters.brands).toEqual(["palmstrike"]);
  });
});

test("prices go back into the URL in whole units, with cents only when there are any", () => {
  expect(wholeUnits(6000)).toBe("60");
  expect(wholeUnits(6050)).toBe("60.50");
  expect(parseListingParams(new URLSearchParams(`price_min=${wholeUnits(6050)}`), "strict").filters.priceMin).toBe(6050);
});
