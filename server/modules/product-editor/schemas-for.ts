import { editorSchemas, type EditorSchemas } from "./schemas.ts";

// The price-holding schemas of each currency, made once.
const made = new Map<string, EditorSchemas>();

export function schemasFor(currency: string): EditorSchemas {
  let schemas = made.get(currency);
  if (!schemas) made.set(currency, (schemas = editorSchemas(currency)));
  return schemas;
}
