/*
 * Loader data handed to the page as one JSON text instead of a tree of values.
 *
 * React Router encodes loader data value by value (turbo-stream), so a page can have Dates, Maps
 * and promises in it. For the big, plain, cached answers of the catalogue (a listing page with
 * its facets, the menu, a product) that encoding was the largest single cost of rendering the
 * page on the server: about a millisecond for a listing, more than rendering its filters. Text is
 * encoded as one value, and the text of a cached answer is made once: the same answer object
 * (shared by every request until the catalogue changes) gives the same text without a new
 * JSON.stringify. On the server, where the text was made, reading it back gives the answer
 * itself, so parts of pages cached by their data's object (CachedHtml) see the catalogue's own
 * objects: one product card's HTML serves every listing it is in. The browser parses each text.
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
  remember(text, value);
  return text as Serialized<T>;
}

// The values of the last few texts made or parsed, most recently used last. The server reads
// back each text it has just made, in the same request; a browser parses each text once.
const KEPT = 64;
const values = new Map<string, unknown>();

function remember(text: string, value: unknown) {
  values.delete(text);
  values.set(text, value);
  if (values.size > KEPT) values.delete(values.keys().next().value!);
}

/** The value `text` was made from: the very object while it is remembered, else a parsed copy. */
export function deserialize<T>(text: Serialized<T>): T {
  const known = values.get(text);
  if (known !== undefined) {
    remember(text, known);
    return known as T;
  }
  const value = JSON.parse(text) as T;
  remember(text, value);
  return value;
}
