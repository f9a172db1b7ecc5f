import type { Paint } from "./paint.ts";

/*
 * Goalkeeper gloves, one drawing per cut, on the 800 x 800 product canvas. A keeper tells the cuts
 * apart by the fingers, so that is where the drawings differ: roll finger (round, fat fingers, the
 * latex wrapped round them), flat (square fingers with gussets between), negative (slim fingers,
 * seams inside), hybrid (rolled index and little finger, negative middle), fingersave (spines down
 * the back of every finger). Each cut has its own back-of-hand graphic; every glove has a wrist
 * strap and the brand's mark on the back of the hand.
 */

export const GLOVE_CUTS = ["roll-finger", "flat", "negative", "hybrid", "fingersave"] as const;
export type GloveCut = (typeof GLOVE_CUTS)[number];

export const GLOVE_VIEWS = ["front", "palm", "side"] as const;
export type GloveView = (typeof GLOVE_VIEWS)[number];

/** The catalogue's cut attribute and sub-category, as the drawing's cut. */
export function gloveCutOf(cut: string | undefined, subCategory: string): GloveCut {
  if (subCategory === "fingersave") return "fingersave";
  const named = (cut ?? "").toLowerCase().replace(/\s+/g, "-");
  return (GLOVE_CUTS as readonly string[]).includes(named) ? (named as GloveCut) : "flat";
}

interface Finger {
  x: number;
  top: number;
  width: number;
  /** Corner radius: round for a roll finger, square for a flat one. */
  radius: number;
}

// Index, middle, ring and little finger, left to right (a right hand seen from the back).
const BASE = [
  { x: 262, top: 170 },
  { x: 336, top: 122 },
  { x: 410, top: 138 },
  { x: 484, top: 196 },
] as const;

function fingersOf(cut: GloveCut): Finger[] {
  return BASE.map(({ x, top }, i) => {
    switch (cut) {
      case "roll-finger":
        return { x: x - 2, top: top - 6, width: 70, radius: 35 };
      case "negative":
        return { x: x + 6, top: top + 6, width: 58, radius: 24 };
      case "hybrid":
        return i === 0 || i === 3 ? { x: x - 2, top: top - 4, width: 68, radius: 34 } : { x: x + 5, top, width: 60, radius: 22 };
      case "fingersave":
        return { x, top: top - 2, width: 64, radius: 26 };
      default:
        return { x, top, width: 64, radius: 12 };
    }
  });
}

const PALM_TOP = 330;
const PALM_BOTTOM = 560;

function fingerRects(fingers: readonly Finger[]): string {
  return fingers
    .map((f) => `<rect x="${f.x}" y="${f.top}" width="${f.width}" height="${PALM_TOP + 60 - f.top}" rx="${f.radius}"/>`)
    .join("");
}

/** The back-of-hand graphic of each cut, clipped to the hand. */
function backGraphic(cut: GloveCut, paint: Paint): string {
  const { accent, dark, light } = paint;
  switch (cut) {
    case "roll-finger":
      // A swept band across the knuckles.
      return `<path d="M240 470 Q400 360 560 300 L560 360 Q410 420 240 530 Z" fill="${accent}" opacity="0.9"/>`;
    case "flat":
      // Three bold chevrons pointing to the fingers.
      return [0, 1, 2]
        .map(
          (i) =>
            `<path d="M262 ${500 - i * 52} L400 ${430 - i * 52} L538 ${500 - i * 52}" fill="none" stroke="${i === 1 ? accent : dark}" stroke-width="20"/>`,
        )
        .join("");
    case "negative":
      // A diagonal split: half the back in a darker shade, edged in the accent.
      return `<path d="M240 560 L560 330 L560 580 L240 580 Z" fill="${dark}"/><path d="M240 560 L560 330" stroke="${accent}" stroke-width="10"/>`;
    case "hybrid":
      // A knuckle pad of raised bars.
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${276 + i * 66}" y="346" width="50" height="92" rx="14" fill="${i % 2 ? light : dark}" opacity="0.9"/>`,
        )
        .join("");
    case "fingersave":
      // A honeycomb panel over the knuckles.
      return Array.from({ length: 10 }, (_, i) => {
        const cx = 296 + (i % 5) * 52 + (i >= 5 ? 26 : 0);
        const cy = 380 + (i >= 5 ? 44 : 0);
        return `<path d="M${cx} ${cy - 24} L${cx + 21} ${cy - 12} L${cx + 21} ${cy + 12} L${cx} ${cy + 24} L${cx - 21} ${cy + 12} L${cx - 21} ${cy - 12} Z" fill="none" stroke="${accent}" stroke-width="5"/>`;
      }).join("");
  }
}

/** What every cut shows on its fingers' backs: gussets, seams, rolled edges or spines. */
function fingerDetail(cut: GloveCut, fingers: readonly Finger[], paint: Paint): string {
  const { dark, light, accent } = paint;
  return fingers
    .map((f, i) => {
      const mid = f.x + f.width / 2;
      const rolled = `<path d="M${f.x + 10} ${f.top + f.radius} L${f.x + 10} ${PALM_TOP + 40} M${f.x + f.width - 10} ${f.top + f.radius} L${f.x + f.width - 10} ${PALM_TOP + 40}" stroke="${light}" stroke-width="8" stroke-linecap="round" fill="none"/>`;
      const seams = `<path d="M${f.x + 6} ${f.top + 20} L${f.x + 6} ${PALM_TOP + 40} M${f.x + f.width - 6} ${f.top + 20} L${f.x + f.width - 6} ${PALM_TOP + 40}" stroke="${dark}" stroke-width="3" stroke-dasharray="8 6" fill="none"/>`;
      switch (cut) {
        case "roll-finger":
          return rolled;
        case "flat":
          // The gusset strip between this finger and the next.
          return i < 3
            ? `<rect x="${f.x + f.width - 4}" y="${f.top + 40}" width="14" height="${PALM_TOP - f.top}" fill="${dark}"/>`
            : "";
        case "negative":
          return seams;
        case "hybrid":
          return i === 0 || i === 3 ? rolled : seams;
        case "fingersave": {
          // Segmented spines: one bar per finger joint.
          const length = PALM_TOP + 30 - f.top - 30;
          return [0, 1, 2]
            .map(
              (s) =>
                `<rect x="${mid - 9}" y="${f.top + 24 + (s * length) / 3}" width="18" height="${length / 3 - 10}" rx="7" fill="${accent}"/>`,
            )
            .join("");
        }
      }
    })
    .join("");
}

/** The wrist: cuff, the strap across it and its tab. */
function strap(paint: Paint, doubled: boolean): string {
  const { dark, accent, line } = paint;
  return `
    <path d="M262 ${PALM_BOTTOM} L538 ${PALM_BOTTOM} L548 690 L252 690 Z"/>
    <rect x="232" y="586" width="336" height="78" rx="18" fill="${dark}" stroke="${line}"/>
    ${doubled ? `<rect x="232" y="622" width="336" height="8" fill="${accent}" stroke="none"/>` : ""}
    <rect x="500" y="578" width="92" height="94" rx="20" fill="${dark}" stroke="${line}"/>
    <path d="M262 604 L478 604 M262 646 L478 646" stroke="${accent}" stroke-width="4" stroke-dasharray="10 8" fill="none"/>`;
}

function thumb(): string {
  return `<rect x="176" y="330" width="72" height="220" rx="36" transform="rotate(-34 212 440)"/>`;
}

/** The back of the hand: fingers, knuckle graphic, strap and the brand's mark. */
function front(cut: GloveCut, paint: Paint, mark: string): string {
  const fingers = fingersOf(cut);
  const outline = `${thumb()}${fingerRects(fingers)}<rect x="248" y="${PALM_TOP}" width="304" height="${PALM_BOTTOM - PALM_TOP + 10}" rx="70"/>`;
  return `
    <defs><clipPath id="hand">${outline}</clipPath></defs>
    ${outline}
    <g clip-path="url(#hand)" stroke="none">${backGraphic(cut, paint)}</g>
    <g stroke="none">${fingerDetail(cut, fingers, paint)}</g>
    ${strap(paint, cut === "negative" || cut === "fingersave")}
    ${mark}`;
}

/** The palm: latex over the hand, with each cut's seams where a keeper would see them. */
function palm(cut: GloveCut, paint: Paint): string {
  // Mirrored: the thumb is on the other side when the palm faces us.
  const fingers = fingersOf(cut).map((f) => ({ ...f, x: 800 - f.x - f.width }));
  const latex = "#dfe1d8";
  const latexLine = "#9a9d94";
  const hand = `<rect x="${800 - 176 - 72}" y="330" width="72" height="220" rx="36" transform="rotate(34 ${800 - 212} 440)"/>${fingerRects(fingers)}<rect x="248" y="${PALM_TOP}" width="304" height="${PALM_BOTTOM - PALM_TOP + 10}" rx="70"/>`;
  const seams = fingers
    .map((f, i) => {
      const roll = cut === "roll-finger" || (cut === "hybrid" && (i === 0 || i === 3));
      if (roll) {
        // The latex wraps round: the glove's colour shows only as a thin line at each side.
        return `<rect x="${f.x + 4}" y="${f.top + 4}" width="${f.width - 8}" height="${PALM_TOP + 50 - f.top}" rx="${f.radius - 4}" fill="${latex}" stroke="none"/>`;
      }
      const inset = cut === "flat" ? 4 : 10;
      return `<rect x="${f.x + inset}" y="${f.top + inset}" width="${f.width - inset * 2}" height="${PALM_TOP + 50 - f.top}" rx="${Math.max(f.radius - inset, 6)}" fill="${latex}" stroke="none"/>${
        cut === "negative" || cut === "hybrid" || cut === "fingersave"
          ? `<path d="M${f.x + inset + 2} ${f.top + 30} L${f.x + inset + 2} ${PALM_TOP + 40}" stroke="${latexLine}" stroke-width="3" stroke-dasharray="6 6"/>`
          : ""
      }`;
    })
    .join("");
  // A grid of small dots: the latex's texture, and the crease lines of a palm.
  const texture = `<path d="M286 420 Q400 470 514 410 M300 490 Q400 520 500 480" fill="none" stroke="${latexLine}" stroke-width="4"/>`;
  return `
    ${hand}
    <g stroke="none">${seams}</g>
    <rect x="262" y="${PALM_TOP + 10}" width="276" height="${PALM_BOTTOM - PALM_TOP - 10}" rx="60" fill="${latex}" stroke="${latexLine}" stroke-width="3"/>
    <rect x="${800 - 176 - 60}" y="350" width="48" height="170" rx="24" transform="rotate(34 ${800 - 212} 440)" fill="${latex}" stroke="none"/>
    ${texture}
    ${strap(paint, false)}`;
}

/** From the side: the hand's depth, curled fingers, the thumb in front and the strap's tab. */
function side(cut: GloveCut, paint: Paint): string {
  const { dark, light, accent, line } = paint;
  const latex = "#dfe1d8";
  const tip = cut === "roll-finger" ? 70 : cut === "negative" ? 50 : 58;
  return `
    <path d="M300 640 L300 420 Q296 250 360 170 Q396 130 ${420 + tip / 2} 150 Q${470 + tip / 2} 176 ${470} 250 L490 420 L500 640 Z"/>
    <path d="M470 250 Q${480 + tip / 2} 200 ${440 + tip / 2} 150 Q${490 + tip / 2} 180 490 260 L508 430 L490 420 Z" fill="${latex}" stroke="${line}"/>
    <path d="M330 410 Q280 360 250 300 Q236 270 260 262 Q286 258 306 300 L360 380 Z" fill="${dark}"/>
    ${cut === "fingersave" ? `<path d="M356 200 Q330 280 330 380" fill="none" stroke="${accent}" stroke-width="18" stroke-linecap="round" stroke-dasharray="60 14"/>` : ""}
    ${cut === "flat" ? `<path d="M380 170 L380 400 M420 168 L420 400" stroke="${dark}" stroke-width="6"/>` : ""}
    <path d="M320 360 Q400 330 470 330" fill="none" stroke="${light}" stroke-width="14" stroke-linecap="round" opacity="0.8"/>
    <rect x="284" y="560" width="236" height="80" rx="18" fill="${dark}" stroke="${line}"/>
    <rect x="262" y="548" width="88" height="104" rx="22" fill="${dark}" stroke="${line}"/>
    <path d="M300 580 L500 580" stroke="${accent}" stroke-width="4" stroke-dasharray="10 8"/>`;
}

export function drawGlove(cut: GloveCut, view: GloveView, paint: Paint, mark: string): string {
  if (view === "palm") return palm(cut, paint);
  if (view === "side") return side(cut, paint);
  return front(cut, paint, mark);
}
