/*
 * How a product keeps the values of its filter attributes (ADR 63, ADR 74). `products.attributes`
 * holds one text per key; an attribute of kind "multiple" keeps several values in it, joined by
 * ATTRIBUTE_VALUE_SEPARATOR in the attribute's own order ("Grip, Wet"). No attribute value may
 * hold the separator (the catalogue's attribute editor refuses one), so every reader splits every
 * text: a "choice" attribute's text is a list of one. Every reader of a product's values goes
 * through this file (and its SQL twin, attribute-values-sql.ts): the editor, the shop's listing
 * (filters and facet counts), the catalogue's value rename, removal and usage counts.
 * Pure and without imports: pages may take it (ADR 53).
 */

export const ATTRIBUTE_VALUE_SEPARATOR = ", ";

/** The stored text of several values, in the order given. */
export function joinAttributeValues(values: readonly string[]): string {
  return values.join(ATTRIBUTE_VALUE_SEPARATOR);
}

/**
 * The values a stored text holds, in their stored order, without empty parts or repeats (what SQL's
 * string_to_array reads of it too: no value is empty, so an empty part matches none).
 */
export function splitAttributeValues(text: string): string[] {
  return [...new Set(text.split(ATTRIBUTE_VALUE_SEPARATOR))].filter((value) => value !== "");
}

/** Whether a stored text holds this value (one of its values, not a part of one). */
export function holdsAttributeValue(text: string, value: string): boolean {
  return splitAttributeValues(text).includes(value);
}

/**
 * The stored text after a value is renamed: `from` becomes `to` inside it ("Grip, Wet" with Wet
 * renamed Rain is "Grip, Rain"; renamed onto a value it holds already, the two are one), the values
 * put in `order` (the attribute's values after the rename); values not in `order` keep their place
 * after those that are.
 */
export function renameAttributeValueIn(text: string, from: string, to: string, order: readonly string[]): string {
  const renamed = [...new Set(splitAttributeValues(text).map((value) => (value === from ? to : value)))];
  const rank = (value: string) => {
    const at = order.indexOf(value);
    return at < 0 ? order.length : at;
  };
  return joinAttributeValues(
    renamed
      .map((value, at) => ({ value, at }))
      .sort((a, b) => rank(a.value) - rank(b.value) || a.at - b.at)
      .map((v) => v.value),
  );
}
