/*
 * The pieces the drawn scenes share, in the news illustrations' style (covers.ts): a sky that
 * darkens the scene's colour, mown turf, a white goal frame with its net, a football, and a diving
 * keeper built from simple shapes. Every piece takes its place and size, so scenes compose them.
 */

/** A football: a shaded disc with a pentagon in the middle and five seams running to the rim. Needs ballDefs(). */
export function ball(cx: number, cy: number, r: number, spin: number): string {
  const at = (degrees: number, radius: number) => {
    const angle = ((degrees - 90) * Math.PI) / 180;
    return `${(radius * Math.cos(angle)).toFixed(1)} ${(radius * Math.sin(angle)).toFixed(1)}`;
  };
  const corners = [0, 1, 2, 3, 4].map((i) => i * 72);
  const pentagon = `M${corners.map((a) => at(a, r * 0.36)).join(" L")} Z`;
  const seams = corners.map((a) => `M${at(a, r * 0.36)} L${at(a, r * 0.98)}`).join(" ");
  // Between two seams, the edge of the next ring of pentagons shows at the rim.
  const patches = corners.map((a) => `M${at(a + 22, r)} L${at(a + 36, r * 0.8)} L${at(a + 50, r)} Z`).join(" ");
  return `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${spin})">
    <circle r="${r}" fill="url(#ballShade)" stroke="#20242c" stroke-width="${(r / 15).toFixed(1)}"/>
    <path d="${pentagon} ${patches}" fill="#20242c"/>
    <path d="${seams}" stroke="#20242c" stroke-width="${(r / 20).toFixed(1)}"/>
  </g>`;
}

export const ballDefs = `<radialGradient id="ballShade" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#c9ced6"/></radialGradient>`;

/** A vertical sky gradient from `top` to `bottom`, as a def with the given id. */
export function skyDef(id: string, top: string, middle: string, bottom: string, lean = 0): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${lean}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.6" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A goal frame from the front with its net, between two posts at x and x + width, the bar at y. */
export function goalMouth(x: number, y: number, width: number, height: number, post: number): string {
  const step = Math.max(24, Math.round(width / 22));
  const net = [
    ...Array.from({ length: Math.floor(width / step) + 1 }, (_, i) => `M${x + i * step} ${y} L${x + i * step} ${y + height}`),
    ...Array.from({ length: Math.floor(height / step) + 1 }, (_, i) => `M${x} ${y + i * step} L${x + width} ${y + i * step}`),
  ].join(" ");
  return `<path d="${net}" stroke="#ffffff" stroke-width="${(post / 10).toFixed(1)}" opacity="0.22"/>
  <path d="M${x} ${y + height} L${x} ${y} L${x + width} ${y} L${x + width} ${y + height}" fill="none" stroke="#ffffff" stroke-width="${post}" stroke-linejoin="round"/>`;
}

/** Turf from `top` down, with mown bands narrowing towards the horizon. */
export function turf(width: number, top: number, bottom: number, colour: string, band: string): string {
  const bands = Array.from({ length: Math.ceil(width / 300) + 2 }, (_, i) => {
    const x = i * 300 - 150;
    return `<path d="M${x + 75} ${top} L${x + 150} ${top} L${x * 1.4 - 100} ${bottom} L${x * 1.4 - 205} ${bottom} Z" fill="${band}" opacity="0.18"/>`;
  }).join("");
  return `<rect x="0" y="${top}" width="${width}" height="${bottom - top}" fill="${colour}"/>${bands}`;
}

export interface KeeperKit {
  shirt: string;
  shorts: string;
  gloves: string;
  skin: string;
}

/**
 * A keeper at full stretch, drawn lying along the x axis (head to the right, hands reaching past
 * it) around (0, 0), then placed: at (x, y), turned by `angle` degrees, `scale` times a body about
 * 560 long. `reach` in [0, 1] lifts the arms towards the ball.
 */
export function diver(x: number, y: number, angle: number, scale: number, kit: KeeperKit, reach = 0.5): string {
  const lift = -40 - reach * 50;
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)}) scale(${scale.toFixed(3)})" stroke-linecap="round" stroke-linejoin="round">
    <path d="M-80 -6 L-230 -40 M-80 24 L-220 50" stroke="${kit.shorts}" stroke-width="44" fill="none"/>
    <path d="M-200 -34 L-262 -48 M-196 44 L-256 60" stroke="${kit.shirt}" stroke-width="40" fill="none"/>
    <path d="M-262 -48 L-292 -54 M-256 60 L-288 66" stroke="#1c1d21" stroke-width="34" fill="none"/>
    <rect x="-110" y="-34" width="70" height="74" rx="24" fill="${kit.shorts}"/>
    <rect x="-60" y="-44" width="150" height="92" rx="40" fill="${kit.shirt}"/>
    <path d="M-40 -44 L20 48" stroke="#ffffff" stroke-width="10" opacity="0.25"/>
    <path d="M70 -30 L190 ${lift} M70 18 L196 ${lift + 34}" stroke="${kit.shirt}" stroke-width="30" fill="none"/>
    <circle cx="128" cy="4" r="34" fill="${kit.skin}"/>
    <path d="M100 -14 Q128 -44 160 -16" stroke="#2b2118" stroke-width="16" fill="none"/>
    <rect x="186" y="${lift - 26}" width="58" height="46" rx="18" fill="${kit.gloves}" transform="rotate(-12 215 ${lift - 3})"/>
    <rect x="192" y="${lift + 10}" width="58" height="46" rx="18" fill="${kit.gloves}" transform="rotate(-4 221 ${lift + 33})"/>
  </g>`;
}
