import { existsSync, mkdirSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import sharp from "sharp";
import type { Colour } from "./colours.ts";
import { drawGlove, type GloveCut, type GloveView } from "./artwork/gloves.ts";
import { drawMark, type MarkName } from "./artwork/marks.ts";
import { paintOf, TILE, type Paint } from "./artwork/paint.ts";
import { drawProduct, type ProductDrawing } from "./artwork/products.ts";
import { drawWord } from "./artwork/wordmark.ts";

export const PRODUCT_IMAGE_SIZE = 800;

/** A glove is shown from the back of the hand (front), the palm and the side; anything else from the front and turned. */
export type View = GloveView | "angled";

/**
 * One product picture. Many products share it, so the files stay few however large the shop:
 * a drawing (a glove cut or a product type) in one colour from one view, and for a glove's back of
 * hand the brand whose mark is on it (at most 5 cuts x 12 colours x 14 brands).
 */
export type ProductImageKey =
  | {
      kind: "glove";
      cut: GloveCut;
      colour: Colour;
      view: GloveView;
      brand?: { slug: string; code: string; mark: MarkName | null };
    }
  | { kind: "product"; drawing: ProductDrawing; colour: Colour; view: "front" | "angled" };

export function productImagePath(key: ProductImageKey): string {
  const colour = key.colour.code.toLowerCase();
  if (key.kind === "product") return `products/${key.drawing}-${colour}-${key.view}.webp`;
  const brand = key.view === "front" && key.brand ? `-${key.brand.slug}` : "";
  return `products/glove-${key.cut}-${colour}-${key.view}${brand}.webp`;
}

/** The brand's mark on a glove's back of hand, or its initials drawn as letters where it has no mark. */
function gloveMark(key: Extract<ProductImageKey, { kind: "glove" }>, paint: Paint): string {
  if (!key.brand) return "";
  if (key.brand.mark) return drawMark(key.brand.mark, paint.contrast, 346, 420, 108);
  const word = drawWord({ text: key.brand.code, weight: 900, italic: true, size: 100 });
  const scale = Math.min(130 / word.width, 76 / word.height);
  return `<path transform="translate(${(400 - (word.width * scale) / 2).toFixed(1)} ${(480 - (word.height * scale) / 2).toFixed(1)}) scale(${scale.toFixed(4)})" d="${word.d}" fill="${paint.contrast}" stroke="none"/>`;
}

export function productImageSvg(key: ProductImageKey): string {
  const paint = paintOf(key.colour);
  const drawing =
    key.kind === "glove" ? drawGlove(key.cut, key.view, paint, gloveMark(key, paint)) : drawProduct(key.drawing, paint);
  // The turned view of a product: tilted and a little closer, on the same tile.
  const pose =
    key.kind === "product" && key.view === "angled" ? `transform="rotate(-14 400 420) translate(-10 -6) scale(1.04)"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_IMAGE_SIZE}" height="${PRODUCT_IMAGE_SIZE}" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${TILE}"/>
  <ellipse cx="400" cy="706" rx="260" ry="24" fill="#1c1d21" opacity="0.1"/>
  <g ${pose} fill="${paint.fill}" stroke="${paint.line}" stroke-width="6" stroke-linejoin="round">${drawing}</g>
</svg>`;
}

export interface ImageJob {
  /** Path relative to the media folder. */
  path: string;
  svg: () => string;
}

/**
 * Renders each job's SVG to webp (or PNG, for a .png path) under mediaDir, a few at a time (sharp already spreads each
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
      const image = sharp(Buffer.from(job.svg()));
      // A .png is for sites that may not read webp (the share image social sites fetch); the rest
      // are webp, where effort 2 encodes three times faster than the default at about the same size.
      await (job.path.endsWith(".png") ? image.png() : image.webp({ quality: 80, effort: 2 })).toFile(partial);
      renameSync(partial, target);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, pending.length) }, worker));
  return pending.length;
}
