/**
 * The colourways products come in. Kept to twelve on purpose: product images are rendered once
 * per shape, colour and view, so the palette size bounds how many image files a large
 * catalogue needs (16 shapes x 12 colours x 2 views = 384 at most).
 */
export interface Colour {
  name: string;
  /** Short code used in SKUs; unique within the palette. */
  code: string;
  hex: string;
}

export const palette: readonly Colour[] = [
  { name: "Volt Yellow", code: "VY", hex: "#d7f205" },
  { name: "Electric Blue", code: "EB", hex: "#1e6bff" },
  { name: "Fire Red", code: "FR", hex: "#e0352b" },
  { name: "Black", code: "BK", hex: "#1c1d21" },
  { name: "White", code: "WH", hex: "#f5f5f2" },
  { name: "Carbon Grey", code: "CG", hex: "#50555e" },
  { name: "Lime", code: "LI", hex: "#7fcf1f" },
  { name: "Navy", code: "NV", hex: "#1d2b53" },
  { name: "Blaze Orange", code: "OR", hex: "#ff7a1a" },
  { name: "Hot Pink", code: "PK", hex: "#ff4f9a" },
  { name: "Teal", code: "TL", hex: "#1f8a70" },
  { name: "Royal Purple", code: "PU", hex: "#6b3fa0" },
];

/** Moves a #rrggbb colour towards white (amount > 0) or black (amount < 0); amount in [-1, 1]. */
export function mix(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const weight = Math.abs(amount);
  const channels = [1, 3, 5].map((i) => {
    const value = Number.parseInt(hex.slice(i, i + 2), 16);
    return Math.round(value + (target - value) * weight)
      .toString(16)
      .padStart(2, "0");
  });
  return `#${channels.join("")}`;
}
