/*
 * The shop's one reading of a typed percentage (ADR 74): VAT rates, promo codes, membership
 * discounts. "21", "5.5", "8,1" and "12.5 %" are basis points (2100, 550, 810, 1250): at most three
 * digits and two decimals, a point or a comma, an optional % sign. Pure and without imports.
 */

/** A typed percentage as basis points, or null when it is none; `max` in basis points (100 % by default). */
export function percentToBasisPoints(text: string, max = 10_000): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= max ? points : null;
}

/** Basis points as a percentage to show and edit: 2100 → "21", 550 → "5.5", 810 → "8.1". */
export function basisPointsToPercent(points: number): string {
  return String(points / 100);
}
