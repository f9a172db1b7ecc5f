import { mix, type Colour } from "../colours.ts";

/*
 * How a product's colour is painted: its fill, shades for seams and soles, and the outline. A
 * light product (white, yellow, light grey) gets a dark grey outline and dark details, so it never
 * vanishes on the shop's one light tile colour; a dark one gets light details.
 */
export interface Paint {
  fill: string;
  /** A darker shade for seams, straps and soles. */
  dark: string;
  /** A lighter shade for highlights. */
  light: string;
  /** The outline round every part. */
  line: string;
  /** What contrasts with the fill: for marks and graphics on it. */
  contrast: string;
  /** A second colour for trims and graphics. */
  accent: string;
}

/** The one neutral tile every product picture sits on, whatever the product's colour. */
export const TILE = "#ecebe7";

/** Relative luminance of #rrggbb (WCAG), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function paintOf(colour: Colour): Paint {
  const light = luminance(colour.hex) > 0.45;
  const veryDark = luminance(colour.hex) < 0.04;
  return {
    fill: colour.hex,
    dark: light ? mix(colour.hex, -0.3) : mix(colour.hex, -0.45),
    light: veryDark ? "#4a4e57" : mix(colour.hex, 0.45),
    // The outline of a light product is a fixed dark grey: a shade of white would vanish on the tile.
    line: light ? "#4b5059" : mix(colour.hex, -0.55),
    contrast: light ? "#1c1d21" : "#ffffff",
    accent: light ? "#1c1d21" : veryDark ? "#7cf0c8" : "#ffffff",
  };
}
