/*
 * The small marks of the demo brands, each drawn in a 100 x 100 box in one colour (`ink`), so a
 * mark reads beside a word mark, on a glove's back of hand or on a strap at any size. Simple
 * strokes and fills only: no filters or gradients, which would cost render time and blur small.
 */
export type MarkName =
  "palm" | "peaks" | "ring" | "goal" | "sheet" | "arc" | "whorl" | "vault" | "sail" | "dive" | "parry" | "shield";

const marks: Record<MarkName, (ink: string) => string> = {
  // An open hand: four fingers and a thumb, the glove brand's emblem.
  palm: (ink) =>
    `<g fill="${ink}"><rect x="22" y="22" width="12" height="42" rx="6"/><rect x="37" y="12" width="12" height="52" rx="6"/><rect x="52" y="14" width="12" height="50" rx="6"/><rect x="67" y="24" width="11" height="40" rx="5.5"/><path d="M22 56 H78 V70 Q78 92 50 92 Q22 92 22 70 Z"/><rect x="4" y="48" width="12" height="34" rx="6" transform="rotate(-35 10 65)"/></g>`,
  // Two peaks behind a wall line: the cold north end of the pitch.
  peaks: (ink) =>
    `<g fill="none" stroke="${ink}" stroke-width="9" stroke-linejoin="miter"><path d="M6 76 L34 30 L52 58 L68 36 L94 76"/><path d="M6 90 H94"/></g>`,
  // A target ring with a dot: grip measured.
  ring: (ink) =>
    `<g fill="none" stroke="${ink}" stroke-width="9"><circle cx="50" cy="50" r="40"/><circle cx="50" cy="50" r="20"/></g><circle cx="50" cy="50" r="7" fill="${ink}"/>`,
  // A goal frame seen from the front, its net suggested by two lines.
  goal: (ink) =>
    `<g fill="none" stroke="${ink}"><path d="M8 88 V18 H92 V88" stroke-width="10" stroke-linejoin="miter"/><path d="M8 40 H92 M36 18 V88 M64 18 V88" stroke-width="3"/></g>`,
  // A folded clean sheet with a tick.
  sheet: (ink) =>
    `<path d="M18 8 H64 L84 28 V92 H18 Z" fill="none" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/><path d="M62 8 V30 H84" fill="none" stroke="${ink}" stroke-width="6"/><path d="M32 58 L46 72 L72 42" fill="none" stroke="${ink}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
  // A high ball's flight and the ball.
  arc: (ink) =>
    `<path d="M6 90 Q40 0 80 40" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round" stroke-dasharray="2 14"/><circle cx="80" cy="40" r="15" fill="${ink}"/>`,
  // A fingertip's print: arcs round a centre.
  whorl: (ink) =>
    `<g fill="none" stroke="${ink}" stroke-width="6" stroke-linecap="round"><path d="M50 12 Q86 12 86 50 Q86 90 50 90"/><path d="M50 24 Q74 24 74 50 Q74 78 50 78 Q28 78 28 56"/><path d="M50 36 Q62 36 62 50 Q62 66 48 66 Q40 66 40 56"/><path d="M50 12 Q14 12 14 50 Q14 70 26 82"/></g>`,
  // An arch with its keystone: the vault, safety.
  vault: (ink) =>
    `<path d="M10 92 V50 Q10 10 50 10 Q90 10 90 50 V92 H70 V52 Q70 30 50 30 Q30 30 30 52 V92 Z" fill="${ink}"/><path d="M42 2 H58 L55 22 H45 Z" fill="${ink}"/>`,
  // A sail over a keel line: recycled sailcloth.
  sail: (ink) =>
    `<path d="M50 4 V74 H12 Z" fill="${ink}"/><path d="M58 18 Q88 44 82 74 H58 Z" fill="${ink}"/><path d="M6 84 H94 L84 96 H16 Z" fill="${ink}"/>`,
  // A diving body's line with speed strokes behind it.
  dive: (ink) =>
    `<g fill="none" stroke="${ink}" stroke-linecap="round"><path d="M20 78 L86 22" stroke-width="12"/><path d="M8 56 L40 30 M14 88 L32 74" stroke-width="6"/></g><circle cx="88" cy="14" r="8" fill="${ink}"/>`,
  // A palm pushing a ball away: the parry.
  parry: (ink) =>
    `<path d="M10 88 Q20 46 54 40 L60 56 Q34 64 28 92 Z" fill="${ink}"/><circle cx="74" cy="26" r="16" fill="none" stroke="${ink}" stroke-width="7"/>`,
  // A shield with a chevron: protection.
  shield: (ink) =>
    `<path d="M50 4 L92 18 Q92 70 50 96 Q8 70 8 18 Z" fill="${ink}"/><path d="M28 58 L50 38 L72 58" fill="none" stroke="#ffffff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
};

/** The mark as SVG, scaled into a size x size square at (x, y). */
export function drawMark(name: MarkName, ink: string, x: number, y: number, size: number): string {
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(size / 100).toFixed(4)})">${marks[name](ink)}</g>`;
}
