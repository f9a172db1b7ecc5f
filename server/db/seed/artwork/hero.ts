import { ball, ballDefs, diver, goalMouth, skyDef, turf, type KeeperKit } from "./scenery.ts";

/*
 * The home page's campaign picture: a keeper at full stretch across the goal mouth, fingertips to
 * a ball bound for the top corner, under floodlights, in the news illustrations' style. Drawn once
 * on a 2400 x 1200 stage; the phone's portrait picture is a crop of the same stage round the
 * keeper and the ball, so both tell the same moment.
 */

export const HERO_WIDTH = 2400;
export const HERO_HEIGHT = 1200;
export const HERO_PORTRAIT_WIDTH = 1200;
export const HERO_PORTRAIT_HEIGHT = 1500;

const MINT = "#17bd8a";
// An orange jersey: a keeper stands out from the team, and from the mint night behind him.
const kit: KeeperKit = { shirt: "#ff7a1a", shorts: "#1c1d21", gloves: MINT, skin: "#c58c5c" };

function stage(): string {
  const beams = [380, 1160, 2020]
    .map((x) => `<path d="M${x - 40} 0 L${x + 40} 0 L${x + 360} 1200 L${x - 360} 1200 Z" fill="#ffffff" opacity="0.05"/>`)
    .join("");
  // The ball's flight from the penalty spot, towards the camera's side of the top corner.
  const speed = `<path d="M1500 1180 Q1900 700 1940 340" fill="none" stroke="#ffffff" stroke-width="10" stroke-dasharray="4 34" stroke-linecap="round" opacity="0.6"/>`;
  return `
  <rect width="2400" height="1200" fill="url(#heroSky)"/>
  ${beams}
  ${[300, 700, 1700, 2100].map((x) => `<circle cx="${x}" cy="70" r="${x % 2 ? 16 : 22}" fill="#ffffff" opacity="0.55"/>`).join("")}
  ${turf(2400, 930, 1200, "#0d3b31", "#2f8f74")}
  <path d="M0 1000 L2400 1000" stroke="#ffffff" stroke-width="10" opacity="0.6"/>
  ${goalMouth(360, 230, 1680, 770, 34)}
  <ellipse cx="1280" cy="1010" rx="420" ry="26" fill="#000000" opacity="0.25"/>
  ${diver(1330, 560, -24, 1.55, kit, 0.9)}
  ${speed}
  ${ball(1940, 300, 62, 28)}`;
}

function svg(width: number, height: number, viewBox: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">
  <defs>${skyDef("heroSky", "#061a16", "#0b4a3c", "#17bd8a", 0.3)}${ballDefs}</defs>
  ${stage()}
</svg>`;
}

export function heroSvg(): string {
  return svg(HERO_WIDTH, HERO_HEIGHT, "0 0 2400 1200");
}

/** The portrait crop: 960 x 1200 of the stage (4:5), round the keeper's hands and the ball. */
export function heroPortraitSvg(): string {
  return svg(HERO_PORTRAIT_WIDTH, HERO_PORTRAIT_HEIGHT, "1020 0 960 1200");
}
