import { mix } from "./colours.ts";
import { ball, ballDefs } from "./artwork/scenery.ts";
import { createRandom, hashOf } from "./random.ts";

/*
 * Cover pictures for news posts and pages: abstract sporty drawings (pitch lines, a goal frame,
 * a ball, light) in a category's colour. Shapes only, never text: the machine that renders them
 * may have no fonts installed.
 *
 * Every post has a cover of its own (ADR 80), so no picture repeats on a page of news: the scene
 * comes from the post's category, and its name (the post's slug) seeds the rest: where the ball
 * is, which way the scene leans, a second colour blended into the sky, floodlights, training
 * cones on the grass, the ball's dashed flight and the stars of a night match.
 */

// Drawn on a 1600 x 900 stage, rendered at 1200 x 675: the image endpoint never serves a cover
// wider than 1200, and every post has a cover of its own to render at the first start (ADR 80).
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

/** What a cover shows. "spotlight" is kept for exclusives: a dark stage with a gold light. */
export const COVER_SCENES = ["goal", "box", "arc", "spotlight"] as const;
export type CoverScene = (typeof COVER_SCENES)[number];

export interface CoverKey {
  /** Names the file and seeds the small differences between covers of one scene. */
  name: string;
  scene: CoverScene;
  /** The main colour, #rrggbb. */
  hex: string;
}

export function coverPath(key: Pick<CoverKey, "name">, folder = "news"): string {
  return `${folder}/${key.name}.webp`;
}

/** What each scene shows, for people who cannot see it. */
export const coverAlternativeText: Record<CoverScene, string> = {
  goal: "Illustration: a goal seen from the penalty spot, with a ball flying towards the net.",
  box: "Illustration: a penalty area seen from above, with a ball near the penalty spot.",
  arc: "Illustration: the curved flight of a ball into the top corner of a goal.",
  spotlight: "Illustration: a ball on the goal line under a golden spotlight.",
};

const scenes: Record<CoverScene, (hex: string, vary: Variation) => string> = {
  goal: goalScene,
  box: boxScene,
  arc: arcScene,
  spotlight: spotlightScene,
};

interface Variation {
  /** Where the ball sits, as fractions of the canvas. */
  ballX: number;
  ballY: number;
  /** The ball's turn in degrees. */
  spin: number;
  /** Which way the scene leans: 1 or -1. */
  side: 1 | -1;
  /** The colour blended into the sky, and how much of it. */
  tint: string;
  tintAmount: number;
  /** Floodlights along the top (0-4), cones on the grass (0-3), a dashed flight, stars. */
  lights: number;
  cones: number;
  trail: boolean;
  stars: boolean;
}

// Second colours for the sky: gold, sky blue, violet, coral, teal, ink.
const TINTS = ["#f2c14e", "#5fb4ff", "#8e6bd8", "#ff7f6e", "#2fc6b0", "#0b0d12"] as const;

/** `a` moved towards `b` by `t` in [0, 1]. */
function blend(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function coverSvg({ name, scene, hex }: CoverKey): string {
  const random = createRandom(hashOf(name));
  const vary: Variation = {
    ballX: 0.2 + random.next() * 0.6,
    ballY: 0.22 + random.next() * 0.3,
    spin: random.int(0, 71),
    side: random.chance(0.5) ? 1 : -1,
    tint: TINTS[random.int(0, TINTS.length - 1)] as string,
    tintAmount: 0.15 + random.next() * 0.3,
    lights: random.int(0, 4),
    cones: random.int(0, 3),
    trail: random.chance(0.5),
    stars: random.chance(0.4),
  };
  const dark = blend(mix(hex, -0.72), vary.tint, vary.tintAmount * 0.6);
  const deep = blend(mix(hex, -0.35), vary.tint, vary.tintAmount);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 1600 900">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="${vary.side === 1 ? 1 : 0}" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="0.6" stop-color="${deep}"/><stop offset="1" stop-color="${hex}"/>
    </linearGradient>
    ${ballDefs}
  </defs>
  <rect width="1600" height="900" fill="url(#sky)"/>
  ${extras(vary, random)}
  ${scenes[scene](hex, vary)}
  ${cones(vary)}
</svg>`;
}

/** What a cover adds behind its scene: stars of a night match, floodlights. */
function extras(vary: Variation, random: ReturnType<typeof createRandom>): string {
  const stars = vary.stars
    ? Array.from(
        { length: 30 },
        () =>
          `<circle cx="${random.int(0, 1600)}" cy="${random.int(0, 300)}" r="${random.int(1, 3)}" fill="#ffffff" opacity="0.6"/>`,
      ).join("")
    : "";
  const lights = Array.from({ length: vary.lights }, (_, i) => {
    const x = 200 + (i * 1200) / Math.max(vary.lights - 1, 1);
    return `<path d="M${x - 30} 0 L${x + 30} 0 L${x + 260} 900 L${x - 260} 900 Z" fill="#ffffff" opacity="0.05"/><circle cx="${x}" cy="40" r="16" fill="#ffffff" opacity="0.6"/>`;
  }).join("");
  return stars + lights;
}

/** Training cones on the grass, on the scene's far side from the ball, and the ball's dashed flight. */
function cones(vary: Variation): string {
  const start = vary.side === 1 ? 140 : 1320;
  const row = Array.from({ length: vary.cones }, (_, i) => {
    const x = start + i * 60;
    return `<path d="M${x} 860 L${x + 18} 800 L${x + 36} 860 Z" fill="#ff7a1a" stroke="#ffffff" stroke-width="3"/>`;
  }).join("");
  const trail = vary.trail
    ? `<path d="M${800 - vary.side * 500} 880 Q800 ${300 + vary.ballY * 200} ${(330 + vary.ballX * 940).toFixed(0)} ${(190 + vary.ballY * 500).toFixed(0)}" fill="none" stroke="#ffffff" stroke-width="6" stroke-dasharray="3 26" stroke-linecap="round" opacity="0.35"/>`
    : "";
  return row + trail;
}

/** A goal seen from the penalty spot: frame, net, the box's lines in perspective, a ball on its way in. */
function goalScene(hex: string, vary: Variation): string {
  const net = Array.from({ length: 23 }, (_, i) => `M${330 + i * 43} 190 L${330 + i * 43} 560`).join(" ");
  const rows = Array.from({ length: 9 }, (_, i) => `M330 ${190 + i * 43} L1270 ${190 + i * 43}`).join(" ");
  const turf = mix(hex, -0.5);
  return `
  <path d="M0 600 L1600 600 L1600 900 L0 900 Z" fill="${turf}" opacity="0.55"/>
  ${stripes(600, 900, turf)}
  <path d="${net} ${rows}" stroke="#ffffff" stroke-width="2" opacity="0.22"/>
  <path d="M300 600 L300 170 L1300 170 L1300 600" fill="none" stroke="#ffffff" stroke-width="26" stroke-linejoin="round"/>
  <path d="M40 900 L180 600 L1420 600 L1560 900 M420 600 L330 760 L1270 760 L1180 600" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.75"/>
  ${ball(330 + vary.ballX * 940, 190 + vary.ballY * 500, 62, vary.spin)}
  ${motion(330 + vary.ballX * 940, 190 + vary.ballY * 500, 62, vary.side)}`;
}

/** The penalty area from above: mown stripes, box, six-yard box, spot and arc, a ball near the spot. */
function boxScene(hex: string, vary: Variation): string {
  const turf = mix(hex, -0.45);
  const light = mix(hex, 0.25);
  const bands = Array.from(
    { length: 8 },
    (_, i) => `<rect x="${i * 200}" y="0" width="100" height="900" fill="${light}" opacity="0.08"/>`,
  ).join("");
  return `
  <rect width="1600" height="900" fill="${turf}" opacity="0.35"/>
  ${bands}
  <g fill="none" stroke="#ffffff" stroke-width="9" opacity="0.85">
    <path d="M0 90 L1600 90"/>
    <path d="M360 90 L360 560 L1240 560 L1240 90"/>
    <path d="M620 90 L620 250 L980 250 L980 90"/>
    <path d="M650 560 A190 190 0 0 0 950 560"/>
  </g>
  <path d="M690 90 L690 30 L910 30 L910 90" fill="none" stroke="#ffffff" stroke-width="18"/>
  <circle cx="800" cy="420" r="10" fill="#ffffff"/>
  ${ball(500 + vary.ballX * 600, 300 + vary.ballY * 500, 54, vary.spin)}`;
}

/** A ball's flight drawn as a dashed arc into the top corner of an angled goal. */
function arcScene(hex: string, vary: Variation): string {
  const turf = mix(hex, -0.55);
  const flip = vary.side === 1 ? "" : `transform="translate(1600 0) scale(-1 1)"`;
  return `
  <path d="M0 690 Q800 610 1600 690 L1600 900 L0 900 Z" fill="${turf}" opacity="0.6"/>
  <g ${flip}>
    <path d="M1020 640 L1120 210 L1520 250 L1480 700" fill="none" stroke="#ffffff" stroke-width="22" stroke-linejoin="round"/>
    <path d="M1120 210 L1150 290 L1490 320 M1150 290 L1100 660" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.45"/>
    <path d="M140 780 Q640 ${120 + vary.ballY * 200} 1230 330" fill="none" stroke="#ffffff" stroke-width="8" stroke-dasharray="4 30" stroke-linecap="round" opacity="0.8"/>
    <circle cx="140" cy="780" r="16" fill="#ffffff" opacity="0.7"/>
    ${ball(1230, 330, 58, vary.spin)}
    <path d="M0 760 L700 700" stroke="#ffffff" stroke-width="8" opacity="0.5"/>
  </g>`;
}

/** A dark stage: a gold beam from above on the ball resting on the goal line. For exclusives. */
function spotlightScene(hex: string, vary: Variation): string {
  const gold = "#f2c14e";
  const x = 560 + vary.ballX * 480;
  return `
  <rect width="1600" height="900" fill="#0b0d12" opacity="0.55"/>
  <path d="M${x - 60} 0 L${x + 60} 0 L${x + 330} 900 L${x - 330} 900 Z" fill="${gold}" opacity="0.16"/>
  <path d="M${x - 25} 0 L${x + 25} 0 L${x + 170} 900 L${x - 170} 900 Z" fill="${gold}" opacity="0.14"/>
  <ellipse cx="${x}" cy="760" rx="300" ry="46" fill="${gold}" opacity="0.22"/>
  <path d="M0 720 L1600 720" stroke="#ffffff" stroke-width="8" opacity="0.6"/>
  <path d="M200 720 L200 260 L1400 260 L1400 720" fill="none" stroke="${mix(hex, 0.35)}" stroke-width="18" opacity="0.55"/>
  ${ball(x, 700, 60, vary.spin)}
  <path d="M1440 80 L1470 140 L1536 146 L1486 190 L1502 254 L1440 220 L1378 254 L1394 190 L1344 146 L1410 140 Z" fill="${gold}" opacity="0.85"/>`;
}

/** Alternate bands of mown turf between two heights, narrowing with the distance. */
function stripes(top: number, bottom: number, turf: string): string {
  return Array.from({ length: 6 }, (_, i) => {
    const x = i * 300 - 150;
    return `<path d="M${x + 75} ${top} L${x + 150} ${top} L${x * 1.4 - 100} ${bottom} L${x * 1.4 - 205} ${bottom} Z" fill="${mix(turf, 0.3)}" opacity="0.18"/>`;
  }).join("");
}

/** Three speed lines behind a moving ball. */
function motion(cx: number, cy: number, r: number, side: 1 | -1): string {
  return [-0.5, 0, 0.5]
    .map((offset, i) => {
      const y = cy + offset * r;
      const start = cx - side * (r + 20);
      const end = start - side * (160 - i * 30);
      return `<path d="M${start.toFixed(1)} ${y.toFixed(1)} L${end.toFixed(1)} ${y.toFixed(1)}" stroke="#ffffff" stroke-width="8" stroke-linecap="round" opacity="0.5"/>`;
    })
    .join("");
}
