/*
 * The shop's one way of making an address word from a name (ADR 74): products, categories,
 * brands, delivery zones and methods. "Aero Grip Pro" -> "aero-grip-pro": accents dropped, "&" as
 * "and", anything but letters and digits a hyphen, at most `maxLength` characters, never ending
 * or starting with a hyphen. Empty when the name has no letter or digit. Pure and without imports.
 */
export function slugOf(name: string, maxLength: number): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
