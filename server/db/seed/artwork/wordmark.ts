import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import opentype from "opentype.js";

/*
 * Letters drawn as paths in Barlow Condensed (the shop's display face), so the images sharp
 * renders never depend on fonts installed on the machine: SVG <text> would fall back to whatever
 * the system has, or to nothing. Fonts are parsed once per weight and kept.
 */

export type Weight = 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;

export interface Lettering {
  text: string;
  weight: Weight;
  italic?: boolean;
  /** Height of the capitals' em box, in the drawing's units. */
  size: number;
  /** Extra space between letters, as a fraction of the size. */
  tracking?: number;
}

export interface DrawnWord {
  /** Path data with its top-left corner at (0, 0). */
  d: string;
  width: number;
  height: number;
}

const require = createRequire(import.meta.url);
const fonts = new Map<string, ReturnType<typeof opentype.parse>>();

function fontOf(weight: Weight, italic: boolean) {
  const key = `${weight}-${italic ? "italic" : "normal"}`;
  let font = fonts.get(key);
  if (!font) {
    // Found through the package, so it works from any working folder and in a production build.
    const file = require.resolve(`@fontsource/barlow-condensed/files/barlow-condensed-latin-${key}.woff`);
    const bytes = readFileSync(file);
    font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    fonts.set(key, font);
  }
  return font;
}

/**
 * The text as one path, moved so its ink box starts at (0, 0); its width and height are the ink's.
 * Letters are placed one by one (advance plus tracking), and the path data is written here:
 * opentype.js 2's toPathData rounds some coordinates to NaN, and the renderer drops a path's rest
 * from the first bad number.
 */
export function drawWord({ text, weight, italic = false, size, tracking = 0 }: Lettering): DrawnWord {
  const font = fontOf(weight, italic);
  const letters = (originX: number, originY: number) => {
    let x = originX;
    return [...text].map((letter) => {
      const path = font.getPath(letter, x, originY, size, { kerning: false });
      x += font.getAdvanceWidth(letter, size, { kerning: false }) + (letter === " " ? 0 : tracking * size);
      return path;
    });
  };
  const boxes = letters(0, 0)
    .map((path) => path.getBoundingBox())
    .filter((box) => Number.isFinite(box.x1) && box.x2 > box.x1);
  const x1 = Math.min(...boxes.map((box) => box.x1));
  const y1 = Math.min(...boxes.map((box) => box.y1));
  const x2 = Math.max(...boxes.map((box) => box.x2));
  const y2 = Math.max(...boxes.map((box) => box.y2));
  const d = letters(-x1, -y1)
    .flatMap((path) => path.commands.map(pathCommand))
    .join("");
  return { d, width: x2 - x1, height: y2 - y1 };
}

/** The word scaled to fit inside width x height, at (x, y) as its top-left corner; returns the group and its size. */
export function placeWord(word: DrawnWord, x: number, y: number, maxWidth: number, maxHeight = Infinity) {
  const scale = Math.min(maxWidth / word.width, maxHeight / word.height);
  const width = word.width * scale;
  const height = word.height * scale;
  return {
    width,
    height,
    svg: (attributes: string) =>
      `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})" d="${word.d}" ${attributes}/>`,
  };
}

const n = (value: number | undefined) => String(Math.round((value ?? 0) * 10) / 10);

function pathCommand(command: {
  type: string;
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}): string {
  switch (command.type) {
    case "M":
    case "L":
      return `${command.type}${n(command.x)} ${n(command.y)}`;
    case "Q":
      return `Q${n(command.x1)} ${n(command.y1)} ${n(command.x)} ${n(command.y)}`;
    case "C":
      return `C${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)} ${n(command.x)} ${n(command.y)}`;
    default:
      return "Z";
  }
}
