/*
 * What the shop makes of a search text, before any database sees it. Pure, so the header's
 * search box can share the limits.
 */

/** The longest search text the shop reads; the API refuses longer, pages search its start. */
export const MAX_SEARCH_LENGTH = 100;
/** Words beyond these are ignored: every word narrows the results, so more add nothing useful. */
export const MAX_SEARCH_WORDS = 8;
/** The last word is also matched as the start of a longer one from this many characters. */
export const MIN_PREFIX_LENGTH = 2;

/**
 * The words of a search, lower-cased, in order: runs of letters and digits. Quotes, operators and
 * other punctuation only separate words and never reach a query parser, so any input is safe.
 */
export function searchWords(text: string): string[] {
  const words =
    text
      .slice(0, MAX_SEARCH_LENGTH)
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_SEARCH_WORDS);
}

/** The key of a search: texts with the same words find the same products. */
export function normaliseSearch(text: string): string {
  return searchWords(text).join(" ");
}
