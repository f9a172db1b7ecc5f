/*
 * Pure readings of what an owner types for delivery and VAT (issue 25 §5, ADR 68); no imports, so
 * pages may take them through shared.ts.
 */

/** A VAT rate typed as a percentage ("21", "5.5", "8,1") in basis points (2100, 550, 810); null when it is none. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= 10_000 ? points : null;
}

/** Basis points as a percentage to show and edit: 2100 → "21", 550 → "5.5", 810 → "8.1". */
export function basisPointsToPercent(points: number): string {
  return String(points / 100);
}

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

/** A readable id made of a name: "Southeast Asia" → "southeast-asia". */
export function slugOf(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
}

/** How fast a method delivers, as the page names the choices (the table's speeds). */
export const SPEED_WORDS = { standard: "Standard", express: "Express" } as const;
