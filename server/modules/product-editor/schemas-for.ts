import { editorSchemas, type EditorSchemas } from "./schemas.ts";

// The price-holding schemas of each currency's decimals, made once.
const made = new Map<number, EditorSchemas>();

export function schemasFor(digits: number): EditorSchemas {
  let schemas = made.get(digits);
  if (!schemas) made.set(digits, (schemas = editorSchemas(digits)));
  return schemas;
}
