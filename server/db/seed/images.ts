import { existsSync, mkdirSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { mix, type Colour } from "./colours.ts";
import { drawShape, type Shape } from "./shapes.ts";

export const PRODUCT_IMAGE_SIZE = 800;
const LOGO_SIZE = 400;

/** The two ways a product is photographed; the second is tilted on a different backdrop. */
export type View = "front" | "angled";

/** One product picture: many products share it, so the files stay few however large the shop. */
export interface ProductImageKey {
  shape: Shape;
  colour: Colour;
  view: View;
}

export function productImagePath({ shape, colour, view }: ProductImageKey): string {
  return `products/${shape}-${colour.code.toLowerCase()}-${view}.webp`;
}

export function productImageSvg({ shape, colour, view }: ProductImageKey): string {
  const paint = { fill: colour.hex, dark: mix(colour.hex, -0.45), light: mix(colour.hex, 0.55) };
  const backdrop = mix(colour.hex, 0.9);
  const ink = mix(colour.hex, -0.6);
  const pattern =
    view === "front"
      ? `<circle cx="12" cy="12" r="3" fill="${ink}" opacity="0.07"/>`
      : `<path d="M0 24 L24 0" stroke="${ink}" stroke-width="3" opacity="0.06"/>`;
  const pose = view === "front" ? "" : `transform="rotate(-12 400 400) translate(16 8) scale(0.94)"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_IMAGE_SIZE}" height="${PRODUCT_IMAGE_SIZE}" viewBox="0 0 800 800">
  <defs><pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse">${pattern}</pattern></defs>
  <rect width="800" height="800" fill="${backdrop}"/>
  <rect width="800" height="800" fill="url(#p)"/>
  <ellipse cx="400" cy="690" rx="250" ry="26" fill="${ink}" opacity="0.12"/>
  <g ${pose} fill="${paint.fill}" stroke="${paint.dark}" stroke-width="6" stroke-linejoin="round">${drawShape(shape, paint)}</g>
</svg>`;
}

/** A brand's mark: a coloured base shape with a white emblem on it, no lettering. */
export interface LogoMark {
  hex: string;
  base: "circle" | "hexagon" | "shield" | "diamond" | "square";
  emblem: "chevron" | "stripes" | "ring" | "palm" | "bolt" | "star";
}

const bases: Record<LogoMark["base"], string> = {
  circle: `<circle cx="200" cy="200" r="170"/>`,
  hexagon: `<path d="M200 28 L349 114 L349 286 L200 372 L51 286 L51 114 Z"/>`,
  shield: `<path d="M200 30 L350 80 Q350 290 200 372 Q50 290 50 80 Z"/>`,
  diamond: `<path d="M200 24 L376 200 L200 376 L24 200 Z"/>`,
  square: `<rect x="40" y="40" width="320" height="320" rx="64"/>`,
};

const emblems: Record<LogoMark["emblem"], string> = {
  chevron: `<path d="M120 240 L200 160 L280 240" fill="none" stroke="#fff" stroke-width="36" stroke-linecap="round" stroke-linejoin="round"/>`,
  stripes: `<path d="M130 150 L270 150 M130 200 L270 200 M130 250 L270 250" stroke="#fff" stroke-width="26" stroke-linecap="round"/>`,
  ring: `<circle cx="200" cy="200" r="78" fill="none" stroke="#fff" stroke-width="30"/><circle cx="200" cy="200" r="22" fill="#fff"/>`,
  palm: `<g fill="#fff"><rect x="136" y="120" width="28" height="100" rx="14"/><rect x="172" y="104" width="28" height="116" rx="14"/><rect x="208" y="110" width="28" height="110" rx="14"/><rect x="244" y="130" width="26" height="90" rx="13"/><rect x="136" y="190" width="134" height="100" rx="36"/></g>`,
  bolt: `<path d="M220 100 L140 215 L195 215 L175 300 L262 180 L206 180 Z" fill="#fff"/>`,
  star: `<path d="M200 110 L226 172 L292 176 L241 218 L258 282 L200 246 L142 282 L159 218 L108 176 L174 172 Z" fill="#fff"/>`,
};

export function logoSvg(mark: LogoMark): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="#ffffff"/>
  <g fill="${mark.hex}">${bases[mark.base]}</g>
  ${emblems[mark.emblem]}
</svg>`;
}

export interface ImageJob {
  /** Path relative to the media folder. */
  path: string;
  svg: () => string;
}

/**
 * Renders each job's SVG to webp under mediaDir, a few at a time (sharp already spreads each
 * image over threads). Files that exist are kept, so a re-seed renders nothing new. Each file is
 * written under a temporary name first, so an interrupted run never leaves a half-written image
 * that a later run would mistake for a finished one. Returns how many files were rendered.
 */
export async function renderImages(mediaDir: string, jobs: readonly ImageJob[], concurrency = 4): Promise<number> {
  const pending = jobs.filter((job) => !existsSync(join(mediaDir, job.path)));
  for (const folder of new Set(pending.map((job) => dirname(join(mediaDir, job.path))))) {
    mkdirSync(folder, { recursive: true });
  }
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const job = pending[next++] as ImageJob;
      const target = join(mediaDir, job.path);
      const partial = `${target}.${process.pid}.partial`;
      // effort 2 encodes three times faster than the default for flat drawings of about the same size.
      await sharp(Buffer.from(job.svg())).webp({ quality: 80, effort: 2 }).toFile(partial);
      renameSync(partial, target);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, worker));
  return pending.length;
}
