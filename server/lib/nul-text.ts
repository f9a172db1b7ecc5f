/**
 * Where in an input a string holds a NUL character, which PostgreSQL cannot store in text (it
 * would fail the query): the top-level field's name, "" for an unnamed place (a list, the value
 * itself), or null when there is none. Inputs are searched a few levels deep only.
 */
export function nulTextAt(value: unknown, depth = 0, field = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? field : null;
  if (depth > 8 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulTextAt(item, depth + 1, depth === 0 && !Array.isArray(value) ? key : field);
    if (found !== null) return found;
  }
  return null;
}

export const NUL_TEXT_MESSAGE = "Text may not contain control characters such as NUL.";
