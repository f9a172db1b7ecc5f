import { describe, expect, test } from "vitest";
import { MAX_SEARCH_LENGTH } from "../search-text.ts";
import { parseListingParams } from "./params.ts";

const parse = (query: string, mode: "lenient" | "strict") => parseListingParams(new URLSearchParams(query), mode);

describe("the search text parameter q", () => {
  test("is trimmed, and makes relevance the default sort", () => {
    expect(parse("q=+aegis+gloves+", "strict")).toMatchObject({ query: "aegis gloves", sort: "relevance" });
    expect(parse("q=aegis&sort=price-asc", "strict")).toMatchObject({ query: "aegis", sort: "price-asc" });
  });

  test("blank is no search, sorted as featured", () => {
    for (const query of ["", "q=", "q=+++"]) expect(parse(query, "strict")).toMatchObject({ query: undefined, sort: "featured" });
  });

  test("pages search the start of a text that is too long; the API refuses it naming q", () => {
    const long = `q=${"a".repeat(MAX_SEARCH_LENGTH)}b`;
    expect(parse(long, "lenient").query).toBe("a".repeat(MAX_SEARCH_LENGTH));
    expect(() => parse(long, "strict")).toThrow(expect.objectContaining({ code: "INVALID_INPUT", field: "q" }));
    expect(() => parse(long, "strict")).toThrow(/^q is too long/);
  });

  test("a bad parameter beside it is dropped on pages without losing the search", () => {
    expect(parse("q=grip&sort=best&page=x", "lenient")).toMatchObject({ query: "grip", sort: "relevance", page: 1 });
  });
});
