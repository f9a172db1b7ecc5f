/*
 * A form's flat fields as the object a use case reads: "product.name" -> { product: { name } },
 * "variants.0.sku" -> { variants: [{ sku }] }. A level whose keys are all whole numbers becomes a
 * list, in the order of those numbers (checkboxes left unticked leave gaps, which close up). The
 * field errors a use case answers name the same paths, so each is shown by its own field.
 */

type Nested = { [key: string]: Nested | string };

/** Names that would reach an object's prototype are never followed. */
const UNSAFE = new Set(["__proto__", "prototype", "constructor"]);

function listed(node: Nested | string): unknown {
  if (typeof node === "string") return node;
  const keys = Object.keys(node);
  const values = Object.fromEntries(keys.map((key) => [key, listed(node[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d{1,4}$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => values[key]);
  }
  return values;
}

export function nestedFields(fields: Readonly<Record<string, string>>, prefixes?: readonly string[]): Record<string, unknown> {
  const root: Nested = Object.create(null) as Nested;
  for (const [name, value] of Object.entries(fields)) {
    const path = name.split(".");
    if (path.some((part) => part === "" || UNSAFE.has(part))) continue;
    if (prefixes && !prefixes.includes(path[0]!)) continue;
    let node: Nested | null = root;
    for (const part of path.slice(0, -1)) {
      const next: Nested | string | undefined = node[part];
      if (typeof next === "string") {
        node = null;
        break;
      }
      node = next ?? (node[part] = Object.create(null) as Nested);
    }
    const last = path.at(-1)!;
    if (node && node[last] === undefined) node[last] = value;
  }
  return listed(root) as Record<string, unknown>;
}
