/*
 * Loader data handed to the page as one JSON text instead of a tree of values.
 *
 * React Router encodes loader data value by value (turbo-stream), so a page can have Dates, Maps
 * and promises in it. For the big, plain, cached answers of the catalogue (a listing page with
 * its facets, the menu, a product) that encoding was the largest single cost of rendering the
 * page on the server: about a millisecond for a listing, more than rendering its filters. Text is
 * encoded as one value, and the text of a cached answer is made once: the same answer object
 * (shared by every request until the catalogue changes) gives the same text without a new
 * JSON.stringify, and the same text gives the same parsed value without a new JSON.parse.
 * See docs/decisions/0026-loader-data-as-json-text.md.
 *
 * Only for plain JSON data (no Date, Map, undefined in arrays...), and the parsed value is shared:
 * read it, never change it.
 */

declare const jsonOf: unique symbol;

/** JSON text of a T; the type remembers what it parses back to. */
export type Serialized<T> = string & { readonly [jsonOf]: T };

// Texts of answers still in use, by the answer object: gone with the answer.
const texts = new WeakMap<object, string>();

/** The JSON text of `value`, made once per object. */
export function serialize<T extends object>(value: T): Serialized<T> {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text as Serialized<T>;
}

// The last few texts parsed, most recently used last. The server parses the same cached text
// for every request of a page; a browser gets a new text per navigation and parses it once.
const PARSED_KEPT = 64;
const parsed = new Map<string, unknown>();

/** The value `text` was made from; the same object for the same text while it is remembered. */
export function deserialize<T>(text: Serialized<T>): T {
  if (parsed.has(text)) {
    const value = parsed.get(text);
    parsed.delete(text);
    parsed.set(text, value);
    return value as T;
  }
  const value = JSON.parse(text) as T;
  parsed.set(text, value);
  if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  return value;
}
