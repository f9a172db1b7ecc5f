import { drawMark, type MarkName } from "./marks.ts";
import { drawWord, type Weight } from "./wordmark.ts";

/*
 * The demo brands' logos: word marks drawn as paths (wordmark.ts), each brand with its own weight,
 * slant, spacing and lock-up, most with a small mark beside or above the word. A transparent
 * background, never a coloured tile, so a logo sits on any surface as a real brand's would (the
 * designer's review: the old logos "look like app icons").
 */

export const LOGO_SIZE = 400;

export interface LogoLine {
  text: string;
  weight: Weight;
  italic?: boolean;
  /** Letter spacing as a fraction of the size. */
  tracking?: number;
  /** Drawn in the dark ink instead of the brand's colour: a two-tone word mark. */
  ink?: boolean;
}

export interface LogoDesign {
  /** The brand's colour, #rrggbb. */
  hex: string;
  /** The word mark's lines, set as one justified block. */
  lines: readonly LogoLine[];
  mark?: MarkName;
  /**
   * stacked: the mark above the word; beside: the mark left of it; boxed: the word in an outlined
   * box; underlined: a bar under the word, like a goal line.
   */
  layout: "stacked" | "beside" | "boxed" | "underlined";
}

const INK = "#1c1d21";

/** The lines scaled to one width, each no taller than maxLine; returns the block's paths and height. */
function block(lines: readonly LogoLine[], hex: string, x: number, y: number, width: number, maxLine: number) {
  const gap = 10;
  let top = y;
  const paths = lines.map((line) => {
    const word = drawWord({ text: line.text, weight: line.weight, italic: line.italic, size: 100, tracking: line.tracking });
    const scale = Math.min(width / word.width, maxLine / word.height);
    const left = x + (width - word.width * scale) / 2;
    const svg = `<path transform="translate(${left.toFixed(1)} ${top.toFixed(1)}) scale(${scale.toFixed(4)})" d="${word.d}" fill="${line.ink ? INK : hex}"/>`;
    top += word.height * scale + gap;
    return svg;
  });
  return { svg: paths.join(""), height: top - gap - y };
}

/** Centres content of the given height on the canvas by shifting it down. */
const centred = (svg: string, height: number) =>
  `<g transform="translate(0 ${((LOGO_SIZE - height) / 2).toFixed(1)})">${svg}</g>`;

export function logoSvg(design: LogoDesign): string {
  const { hex, lines, mark, layout } = design;
  let body: string;
  if (layout === "beside") {
    const markSize = 104;
    const text = block(lines, hex, 40 + markSize + 20, 0, 360 - markSize - 20, 120);
    const height = Math.max(markSize, text.height);
    body = centred(
      `${mark ? drawMark(mark, hex, 20, (height - markSize) / 2, markSize) : ""}<g transform="translate(0 ${((height - text.height) / 2).toFixed(1)})">${text.svg}</g>`,
      height,
    );
  } else if (layout === "boxed") {
    const markSize = mark ? 84 : 0;
    const text = block(lines, hex, 86, markSize ? markSize + 46 : 26, 228, 110);
    const boxTop = markSize ? markSize + 20 : 0;
    const height = text.height + (markSize ? markSize + 72 : 52);
    body = centred(
      `${mark ? drawMark(mark, hex, 200 - markSize / 2, 0, markSize) : ""}<rect x="60" y="${boxTop + 5}" width="280" height="${(height - boxTop - 10).toFixed(1)}" fill="none" stroke="${INK}" stroke-width="10"/>${text.svg}`,
      height,
    );
  } else if (layout === "underlined") {
    const markSize = mark ? 92 : 0;
    const top = markSize ? markSize + 22 : 0;
    const text = block(lines, hex, 40, top, 320, 120);
    const bar = top + text.height + 18;
    body = centred(
      `${mark ? drawMark(mark, hex, 200 - markSize / 2, 0, markSize) : ""}${text.svg}<rect x="40" y="${bar.toFixed(1)}" width="320" height="14" fill="${INK}"/>`,
      bar + 14,
    );
  } else {
    const markSize = mark ? 124 : 0;
    const top = markSize ? markSize + 26 : 0;
    const text = block(lines, hex, 50, top, 300, 120);
    body = centred(`${mark ? drawMark(mark, hex, 200 - markSize / 2, 0, markSize) : ""}${text.svg}`, top + text.height);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 ${LOGO_SIZE} ${LOGO_SIZE}">${body}</svg>`;
}
