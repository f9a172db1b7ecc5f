import { describe, expect, test } from "vitest";
import { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, normaliseSearch, searchWords } from "./search-text.ts";
import { wordQueries } from "./search.ts";

describe("searchWords", () => {
  test("keeps runs of letters and digits, lower-cased, in order", () => {
    expect(searchWords("  Aegis   GLOVES, size 8! ")).toEqual(["aegis", "gloves", "size", "8"]);
    expect(searchWords("Keel & Post all-weather 4mm")).toEqual(["keel", "post", "all", "weather", "4mm"]);
    expect(searchWords("Café Müller ключ")).toEqual(["café", "müller", "ключ"]);
  });

  test("quotes, operators and query syntax are only separators", () => {
    expect(searchWords(`"grip" -wet | dry & !(palm):* <-> 'x' \\ %_ ; drop table`)).toEqual([
      "grip",
      "wet",
      "dry",
      "palm",
      "x",
      "drop",
      "table",
    ]);
    for (const text of ["", "   ", "!!!", "'\"", "&|!():*<->", "\u0000\u0001", "🧤🧤"]) expect(searchWords(text)).toEqual([]);
  });

  test("reads at most the first MAX_SEARCH_LENGTH characters and MAX_SEARCH_WORDS words", () => {
    expect(searchWords(`${"a".repeat(MAX_SEARCH_LENGTH - 2)} glove`)).toEqual(["a".repeat(MAX_SEARCH_LENGTH - 2), "g"]);
    expect(searchWords("glove ".repeat(1000))).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords("x".repeat(100_000))).toEqual(["x".repeat(MAX_SEARCH_LENGTH)]);
  });

  test("texts with the same words are the same search", () => {
    expect(normaliseSearch("  Grip,  THEORY ")).toBe(normaliseSearch("grip theory"));
    expect(normaliseSearch("?!")).toBe("");
  });
});

describe("wordQueries", () => {
  test("the last word also matches as a prefix once it has two characters", () => {
    expect(wordQueries(["aegis", "glo"])).toEqual(["aegis", "glo:*"]);
    expect(wordQueries(["size", "8"])).toEqual(["size", "8"]);
    expect(wordQueries([])).toEqual([]);
  });
});
