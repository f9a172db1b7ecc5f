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
