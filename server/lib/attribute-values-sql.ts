import { sql, type SQL } from "drizzle-orm";
import { products } from "../db/schema/index.ts";
import { ATTRIBUTE_VALUE_SEPARATOR } from "./attribute-values.ts";

/*
 * The SQL twin of attribute-values.ts (ADR 74): what a query needs to read one value of a
 * product's attribute text that may hold several ("Grip, Wet"), built on the same separator.
 */

/** The values of `key` on the products row, as a text[] (null when the product has no such key). */
export function attributeValuesOf(key: string): SQL<string[] | null> {
  return sql<string[] | null>`string_to_array(${products.attributes} ->> ${key}::text, ${ATTRIBUTE_VALUE_SEPARATOR}::text)`;
}

/** True for the products whose `key` holds `value` (one of its values, not a part of one). */
export function holdsAttributeValueSql(key: string, value: string): SQL<boolean> {
  return sql<boolean>`${value}::text = any(${attributeValuesOf(key)})`;
}
