import { palette, type Colour } from "../colours.ts";
import { createRandom } from "../random.ts";
import { drawGlove } from "./gloves.ts";
import { drawMark } from "./marks.ts";
import { paintOf } from "./paint.ts";
import { drawProduct, type ProductDrawing } from "./products.ts";
import { ballDefs, goalMouth, skyDef, turf } from "./scenery.ts";
import { drawWord } from "./wordmark.ts";

/*
 * The shop's own drawn pictures besides the hero: a tile per top-level category, the Keepers'
 * Club card, the launch teaser, the share image, the pictures of the about, keeper's call and xG
 * pages (the xG one is a shot map). Each is fixed, or follows from a name through the seeded
 * random, so every start draws the same files.
 */

const MINT = "#17bd8a";
const NIGHT = "#061a16";

const svg = (width: number, height: number, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${ballDefs}${defs}</defs>${body}</svg>`;

/** Letters as a path, scaled to `width` (or `height`), its top-left corner at (x, y). */
function word(
  text: string,
  x: number,
  y: number,
  width: number,
  fill: string,
  weight: 500 | 700 | 800 | 900 = 800,
  italic = false,
  tracking = 0,
) {
  const drawn = drawWord({ text, weight, italic, size: 100, tracking });
  const scale = width / drawn.width;
  return `<path transform="translate(${x} ${y}) scale(${scale.toFixed(4)})" d="${drawn.d}" fill="${fill}"/>`;
}

const colour = (code: string) => palette.find((c) => c.code === code) as Colour;

/** What each top-level category's tile shows, on which ground. */
const categoryArt: Record<string, { drawing: ProductDrawing | "glove"; colour: string; ground: string }> = {
  gloves: { drawing: "glove", colour: "VY", ground: "#1d2b53" },
  apparel: { drawing: "jersey-long", colour: "OR", ground: "#0c614b" },
  protection: { drawing: "shin-guard", colour: "LI", ground: "#1c1d21" },
  footwear: { drawing: "boot-fg", colour: "PK", ground: "#1d2b53" },
  training: { drawing: "rebounder", colour: "VY", ground: "#6b3fa0" },
  bags: { drawing: "holdall", colour: "BK", ground: "#17bd8a" },
  accessories: { drawing: "glove-wash", colour: "EB", ground: "#f2c14e" },
  kits: { drawing: "kit", colour: "FR", ground: "#1f8a70" },
  coaching: { drawing: "tactics-board", colour: "WH", ground: "#50555e" },
};

/**
 * A category's tile (1200 x 675, the 16:9 of the cover preset that shows it, so nothing is cropped):
 * its kind of product large on a pitch in a colour of its own.
 */
export function categoryTileSvg(slug: string): string {
  const art = categoryArt[slug] ?? { drawing: "glove" as const, colour: "EB", ground: "#1d2b53" };
  const paint = paintOf(colour(art.colour));
  const product =
    art.drawing === "glove"
      ? drawGlove("roll-finger", "front", paint, drawMark("palm", paint.contrast, 346, 420, 108))
      : drawProduct(art.drawing, paint);
  return svg(
    1200,
    675,
    `<radialGradient id="glow" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<rect width="1200" height="675" fill="${art.ground}"/>
    <rect width="1200" height="675" fill="url(#glow)"/>
    <g fill="none" stroke="#ffffff" stroke-width="8" opacity="0.2"><circle cx="600" cy="338" r="250"/><path d="M0 338 L1200 338"/><path d="M40 30 H1160 V645 H40 Z"/></g>
    <g transform="translate(298 36) scale(0.755)" fill="${paint.fill}" stroke="${paint.line}" stroke-width="6" stroke-linejoin="round">${product}</g>`,
  );
}

/** The Keepers' Club card (1600 x 1000): the club's name in letters drawn as paths, a glove's palm mark, pitch lines. */
export function membershipCardSvg(): string {
  return svg(
    1600,
    1000,
    skyDef("card", "#0b2a24", "#0c614b", "#17bd8a", 1),
    `<rect width="1600" height="1000" fill="url(#card)"/>
    <g fill="none" stroke="#ffffff" opacity="0.14" stroke-width="10"><circle cx="1300" cy="1000" r="420"/><circle cx="1300" cy="1000" r="260"/><path d="M0 760 L1600 560"/></g>
    ${drawMark("palm", "#ffffff", 1080, 300, 420).replace("<g ", '<g opacity="0.16" ')}
    ${word("KEEPERS' CLUB", 110, 110, 820, "#ffffff", 900, true)}
    <rect x="110" y="300" width="180" height="130" rx="22" fill="#f2c14e"/>
    <path d="M110 365 H290 M170 300 V430 M230 300 V430" stroke="#b58b1e" stroke-width="6"/>
    ${drawMark("palm", MINT, 110, 760, 130)}
    <rect x="300" y="820" width="520" height="16" rx="8" fill="#ffffff" opacity="0.5"/>
    <rect x="300" y="860" width="340" height="16" rx="8" fill="#ffffff" opacity="0.3"/>`,
  );
}

/** The launch page's teaser (1600 x 900): a new glove under a sheet in a gold spotlight, stars round it. */
export function launchTeaserSvg(): string {
  const random = createRandom(0x1a0c);
  const sparks = Array.from({ length: 24 }, () => {
    const x = random.int(80, 1520);
    const y = random.int(40, 560);
    const r = random.int(2, 6);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#f2c14e" opacity="${(0.3 + random.next() * 0.6).toFixed(2)}"/>`;
  }).join("");
  return svg(
    1600,
    900,
    `<radialGradient id="pool" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#f2c14e" stop-opacity="0.5"/><stop offset="1" stop-color="#f2c14e" stop-opacity="0"/></radialGradient>`,
    `<rect width="1600" height="900" fill="#0b0d12"/>
    <path d="M740 0 L860 0 L1160 900 L440 900 Z" fill="#f2c14e" opacity="0.12"/>
    <ellipse cx="800" cy="760" rx="420" ry="70" fill="url(#pool)"/>
    ${sparks}
    <g transform="translate(500 170) scale(0.75)" fill="#14171f" stroke="${MINT}" stroke-width="8">${drawGlove("negative", "front", { ...paintOf(colour("BK")), fill: "#14171f", line: MINT }, "")}</g>
    <path d="M470 300 Q800 190 1130 300 L1180 760 Q800 820 420 760 Z" fill="#1c1f27" opacity="0.85"/>
    <path d="M520 360 Q640 520 560 740 M800 300 Q840 520 780 790 M1060 360 Q980 520 1050 740" stroke="#2e333d" stroke-width="14" fill="none"/>
    <path d="M420 760 Q800 820 1180 760" stroke="${MINT}" stroke-width="6" fill="none"/>`,
  );
}

/** The share image (1200 x 630): the shop's name in letters drawn as paths, with its glove mark, over a goal. */
export function shareSvg(): string {
  return svg(
    1200,
    630,
    skyDef("share", NIGHT, "#0b4a3c", "#0c614b"),
    `<rect width="1200" height="630" fill="url(#share)"/>
    ${goalMouth(120, 90, 960, 420, 18).replace('opacity="0.22"', 'opacity="0.12"')}
    ${turf(1200, 510, 630, "#0d3b31", "#2f8f74")}
    ${drawMark("palm", MINT, 180, 200, 200)}
    ${word("SAFE HANDS", 420, 230, 600, "#ffffff", 900, true)}
    <rect x="420" y="360" width="240" height="12" fill="${MINT}"/>`,
  );
}

/** About: the goal at dawn, a pair of gloves left on the grass in front of it. */
function aboutSvg(): string {
  const paint = paintOf(colour("WH"));
  return svg(
    1600,
    900,
    skyDef("dawn", "#1d2b53", "#d9825b", "#f2c14e"),
    `<rect width="1600" height="900" fill="url(#dawn)"/>
    <circle cx="1200" cy="560" r="140" fill="#fff2c8" opacity="0.8"/>
    ${goalMouth(260, 200, 1080, 420, 22)}
    ${turf(1600, 620, 900, "#2f5d3a", "#7fbf6a")}
    <g transform="translate(520 560) rotate(-8) scale(0.36)" fill="${paint.fill}" stroke="${paint.line}" stroke-width="6">${drawGlove("roll-finger", "palm", paint, "")}</g>
    <g transform="translate(760 580) rotate(12) scale(0.34)" fill="${paint.fill}" stroke="${paint.line}" stroke-width="6">${drawGlove("roll-finger", "front", paint, drawMark("palm", paint.contrast, 346, 420, 108))}</g>`,
  );
}

/** The keeper's call: a keeper on the six-yard line, arms up, the call spreading over the box. */
function keepersCallSvg(): string {
  const waves = [120, 200, 280]
    .map(
      (r) =>
        `<path d="M${800 + r * 0.7} ${300 - r * 0.7} A${r} ${r} 0 0 1 ${800 + r * 0.7} ${300 + r * 0.7}" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="${(1 - r / 400).toFixed(2)}"/>`,
    )
    .join("");
  return svg(
    1600,
    900,
    skyDef("call", "#120a24", "#3a2170", "#6b3fa0"),
    `<rect width="1600" height="900" fill="url(#call)"/>
    ${turf(1600, 620, 900, "#241548", "#8d6fd0")}
    <path d="M0 700 L1600 700 M300 700 L200 900 M1300 700 L1400 900" stroke="#ffffff" stroke-width="8" opacity="0.6"/>
    <g transform="translate(700 300)">
      <path d="M60 260 L30 420 M120 260 L150 420" stroke="#1c1d21" stroke-width="40" stroke-linecap="round"/>
      <rect x="30" y="90" width="120" height="190" rx="40" fill="#f2c14e"/>
      <path d="M40 120 L-40 -10 M140 120 L220 -10" stroke="#f2c14e" stroke-width="34" stroke-linecap="round"/>
      <rect x="-76" y="-60" width="64" height="60" rx="20" fill="${MINT}"/><rect x="192" y="-60" width="64" height="60" rx="20" fill="${MINT}"/>
      <circle cx="90" cy="40" r="44" fill="#c58c5c"/>
      <ellipse cx="112" cy="52" rx="12" ry="16" fill="#3b2416"/>
    </g>
    ${waves}
    ${[1080, 1220, 1360].map((x, i) => `<g transform="translate(${x} ${470 + i * 20})"><rect x="-30" y="0" width="60" height="120" rx="24" fill="#ffffff" opacity="0.85"/><circle cx="0" cy="-26" r="24" fill="#ffffff" opacity="0.85"/></g>`).join("")}`,
  );
}

/** The xG page: a shot map of one season, half a pitch from above, each shot sized by its chance. */
function xgShotMapSvg(): string {
  const random = createRandom(0x0c5e);
  // The goal is at the top, centred; shots near it carry the higher xG.
  const shots = Array.from({ length: 34 }, () => {
    const distance = 90 + random.next() * 560;
    const angle = (random.next() - 0.5) * Math.PI * 0.6;
    const x = 800 + Math.sin(angle) * distance * 1.3;
    const y = 90 + Math.cos(angle) * distance;
    const xg = Math.max(0.03, Math.min(0.7, 60 / distance - 0.05 - Math.abs(angle) * 0.1));
    const scored = random.next() < xg;
    return { x, y, r: 10 + xg * 60, scored };
  });
  const marks = shots
    .map(({ x, y, r, scored }) =>
      scored
        ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${MINT}" stroke="#ffffff" stroke-width="4"/>`
        : `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" fill-opacity="0.12" stroke="#ffffff" stroke-width="4"/>`,
    )
    .join("");
  return svg(
    1600,
    900,
    "",
    `<rect width="1600" height="900" fill="#0d3b31"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="0" y="${i * 120}" width="1600" height="60" fill="#ffffff" opacity="0.03"/>`).join("")}
    <g fill="none" stroke="#ffffff" stroke-width="6" opacity="0.75">
      <path d="M60 90 H1540 V880 H60 Z"/>
      <path d="M390 90 V440 H1210 V90"/><path d="M640 90 V210 H960 V90"/>
      <path d="M650 440 A200 200 0 0 0 950 440"/><path d="M60 880 H1540"/><path d="M600 880 A200 200 0 0 1 1000 880"/>
    </g>
    <path d="M720 90 V50 H880 V90" fill="none" stroke="#ffffff" stroke-width="12"/>
    <circle cx="800" cy="330" r="8" fill="#ffffff"/>
    ${marks}`,
  );
}

export const PAGE_ART: Record<string, () => string> = {
  about: aboutSvg,
  "the-keepers-call": keepersCallSvg,
  xg: xgShotMapSvg,
};

