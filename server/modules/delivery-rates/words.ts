/*
 * Pure readings of what an owner types for delivery and VAT (issue 25 §5, ADR 68); no imports, so
 * pages may take them through shared.ts.
 */

import { slugOf as slugText } from "../../lib/slug.ts";

/** A VAT rate typed as a percentage ("21", "5.5", "8,1") in basis points: the shop's one reading (lib/percent.ts). */
export { basisPointsToPercent, percentToBasisPoints } from "../../lib/percent.ts";

/** Country codes as typed, separated by commas or spaces, in upper case, each once. */
export function countryCodesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((code) => code.trim().toUpperCase())
        .filter((code) => code !== ""),
    ),
  ];
}

/** A readable id made of a name: "Southeast Asia" → "southeast-asia" (the shop's one slug maker, lib/slug.ts). */
export function slugOf(name: string): string {
  return slugText(name, 40);
}

/** How fast a method delivers, as the page names the choices (the table's speeds). */
export const SPEED_WORDS = { standard: "Standard", express: "Express" } as const;
