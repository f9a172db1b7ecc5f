/**
 * The order shoppers expect of sizes, whatever kind a catalogue mixes: numbers by value (glove
 * 6 < 10, junior 116 < 164), letter sizes from small to large, prefixed numbers such as "EU 38"
 * by prefix then value, anything else by name, and "One size" last.
 */
const LETTER_SIZES = ["XXXS", "XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];
const nameOrder = new Intl.Collator("en", { numeric: true });

// Kinds in the order they are listed.
const SizeKind = { Number: 0, Letter: 1, Prefixed: 2, Other: 3, OneSize: 4 } as const;

interface SizeKey {
  kind: number;
  prefix: string;
  value: number;
}

function sizeKey(size: string): SizeKey {
  const trimmed = size.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return { kind: SizeKind.Number, prefix: "", value: Number(trimmed) };
  const letter = LETTER_SIZES.indexOf(trimmed.toUpperCase());
  if (letter >= 0) return { kind: SizeKind.Letter, prefix: "", value: letter };
  const prefixed = /^(\D+?)\s*(\d+(?:\.\d+)?)$/.exec(trimmed);
  if (prefixed) return { kind: SizeKind.Prefixed, prefix: prefixed[1]!, value: Number(prefixed[2]) };
  if (trimmed.toLowerCase() === "one size") return { kind: SizeKind.OneSize, prefix: "", value: 0 };
  return { kind: SizeKind.Other, prefix: trimmed, value: 0 };
}

export function compareSizes(a: string, b: string): number {
  const ka = sizeKey(a);
  const kb = sizeKey(b);
  return ka.kind - kb.kind || nameOrder.compare(ka.prefix, kb.prefix) || ka.value - kb.value || nameOrder.compare(a, b);
}

/**
 * Which list a size belongs in, so a listing of everything never mixes glove, junior, clothing and
 * shoe sizes in one: small numbers are glove sizes (junior gloves' 4 to 7 among them), numbers
 * from 50 up a child's height in cm (junior kit), letters clothing and pads, a prefixed number
 * ("EU 41") a shoe size.
 */
export type SizeGroup = "glove" | "junior" | "clothing" | "shoe" | "other" | "one-size";

/** Heights in cm start here; no glove is this size. */
const JUNIOR_FROM = 50;

export function sizeGroup(size: string): SizeGroup {
  const key = sizeKey(size);
  if (key.kind === SizeKind.Number) return key.value >= JUNIOR_FROM ? "junior" : "glove";
  if (key.kind === SizeKind.Letter) return "clothing";
  if (key.kind === SizeKind.Prefixed) return "shoe";
  if (key.kind === SizeKind.OneSize) return "one-size";
  return "other";
}

/** What each group's list is headed. */
export const SIZE_GROUP_LABELS: Readonly<Record<SizeGroup, string>> = {
  glove: "Glove sizes",
  junior: "Junior sizes (height in cm)",
  clothing: "Clothing sizes",
  shoe: "Shoe sizes",
  other: "Other sizes",
  "one-size": "One size",
};
