import type { Paint } from "./paint.ts";

/*
 * Keeper clothing on the 800 x 800 product canvas, laid flat as a shop photographs it. Each type
 * has what sets it apart: a jersey's padded elbows and contrast shoulders, a base layer's high
 * collar and raglan seams, shorts' side panels, trousers' knee pads, a kit's shirt, shorts and
 * socks together, a training top's quarter zip, a bib's mesh.
 */

const torso = "M300 150 L360 132 Q400 176 440 132 L500 150 L560 196 L560 650 L240 650 L240 196 Z";

export const apparel = {
  "jersey-long": ({ dark, light, accent, line }: Paint) => `
    <path d="M240 196 L160 240 L96 560 L170 580 L240 330 Z"/>
    <path d="M560 196 L640 240 L704 560 L630 580 L560 330 Z"/>
    <path d="${torso}"/>
    <path d="M300 150 L240 196 L240 260 Q290 210 360 132 Z M500 150 L560 196 L560 260 Q510 210 440 132 Z" fill="${dark}"/>
    <path d="M360 132 Q400 176 440 132 Q400 206 360 132 Z" fill="${dark}"/>
    <rect x="120" y="400" width="74" height="96" rx="22" transform="rotate(14 157 448)" fill="${light}" stroke="${line}"/>
    <rect x="606" y="400" width="74" height="96" rx="22" transform="rotate(-14 643 448)" fill="${light}" stroke="${line}"/>
    <path d="M240 420 L560 360 L560 400 L240 460 Z" fill="${accent}" stroke="none" opacity="0.85"/>
    <path d="M96 560 L170 580 M704 560 L630 580" stroke="${dark}" stroke-width="18"/>`,
  "jersey-short": ({ dark, accent }: Paint) => `
    <path d="M240 196 L150 250 L110 380 L196 410 L240 330 Z"/>
    <path d="M560 196 L650 250 L690 380 L604 410 L560 330 Z"/>
    <path d="${torso}"/>
    <path d="M110 380 L196 410 L204 392 L118 362 Z M690 380 L604 410 L596 392 L682 362 Z" fill="${dark}" stroke="none"/>
    <path d="M360 132 Q400 176 440 132 Q400 206 360 132 Z" fill="${dark}"/>
    <path d="M240 196 L240 650 L290 650 L290 180 Z M560 196 L560 650 L510 650 L510 180 Z" fill="${dark}" stroke="none" opacity="0.7"/>
    <path d="M330 300 L470 300 L440 360 L360 360 Z" fill="${accent}" stroke="none" opacity="0.85"/>`,
  "base-layer": ({ dark, light }: Paint) => `
    <path d="M270 170 L180 220 L136 590 L190 600 L260 300 Z"/>
    <path d="M530 170 L620 220 L664 590 L610 600 L540 300 Z"/>
    <path d="M270 170 L350 118 L450 118 L530 170 L530 660 L270 660 Z"/>
    <rect x="350" y="96" width="100" height="40" rx="10" fill="${dark}"/>
    <path d="M350 118 L260 300 M450 118 L540 300" fill="none" stroke="${dark}" stroke-width="5" stroke-dasharray="10 7"/>
    <path d="M290 420 Q400 450 510 420 M290 470 Q400 500 510 470" fill="none" stroke="${light}" stroke-width="6" opacity="0.8"/>`,
  shorts: ({ dark, light, accent }: Paint) => `
    <path d="M246 230 L554 230 L598 600 L432 612 L400 390 L368 612 L202 600 Z"/>
    <rect x="240" y="200" width="320" height="52" rx="14" fill="${dark}"/>
    <path d="M380 226 L372 272 M420 226 L428 272" stroke="${light}" stroke-width="6" fill="none"/>
    <path d="M246 230 L222 430 L202 600 L250 604 Z M554 230 L578 430 L598 600 L550 604 Z" fill="${accent}" stroke="none" opacity="0.85"/>
    <path d="M206 570 L366 582 M594 570 L434 582" stroke="${dark}" stroke-width="10"/>`,
  trousers: ({ dark, light }: Paint) => `
    <path d="M278 170 L522 170 L566 680 L440 680 L400 340 L360 680 L234 680 Z"/>
    <rect x="272" y="140" width="256" height="48" rx="12" fill="${dark}"/>
    <rect x="262" y="236" width="44" height="96" rx="18" fill="${light}" stroke-width="4"/>
    <rect x="494" y="236" width="44" height="96" rx="18" fill="${light}" stroke-width="4"/>
    <rect x="254" y="460" width="96" height="110" rx="30" fill="${dark}"/>
    <rect x="450" y="460" width="96" height="110" rx="30" fill="${dark}"/>
    <path d="M270 480 L334 480 M270 515 L334 515 M270 550 L334 550 M466 480 L530 480 M466 515 L530 515 M466 550 L530 550" stroke="${light}" stroke-width="5"/>
    <path d="M236 660 L360 660 M440 660 L564 660" stroke="${dark}" stroke-width="14"/>`,
  kit: ({ dark, light, accent }: Paint) => `
    <g transform="translate(40 60) scale(0.7)">
      <path d="M240 196 L150 250 L110 380 L196 410 L240 330 Z"/><path d="M560 196 L650 250 L690 380 L604 410 L560 330 Z"/>
      <path d="${torso}"/>
      <path d="M360 132 Q400 176 440 132 Q400 206 360 132 Z" fill="${dark}"/>
      <path d="M240 420 L560 360 L560 410 L240 470 Z" fill="${accent}" stroke="none" opacity="0.85"/>
    </g>
    <g transform="translate(330 250) scale(0.55)">
      <path d="M246 230 L554 230 L598 600 L432 612 L400 390 L368 612 L202 600 Z"/>
      <rect x="240" y="200" width="320" height="52" rx="14" fill="${dark}"/>
    </g>
    <path d="M190 560 L230 560 L230 690 L270 700 L270 730 L190 730 Z M260 560 L300 560 L300 690 L340 700 L340 730 L260 730 Z" fill="${light}"/>
    <path d="M190 590 L230 590 M260 590 L300 590" stroke="${dark}" stroke-width="12"/>`,
  "training-top": ({ dark, light, accent }: Paint) => `
    <path d="M240 196 L160 240 L96 560 L170 580 L240 330 Z"/>
    <path d="M560 196 L640 240 L704 560 L630 580 L560 330 Z"/>
    <path d="M300 150 L350 116 L450 116 L500 150 L560 196 L560 650 L240 650 L240 196 Z"/>
    <path d="M350 116 L450 116 L450 150 L350 150 Z" fill="${dark}"/>
    <path d="M400 116 L400 330" stroke="${dark}" stroke-width="8"/>
    <rect x="390" y="322" width="20" height="34" rx="6" fill="${light}"/>
    <path d="M160 240 L96 560 M640 240 L704 560" stroke="${accent}" stroke-width="14" fill="none"/>
    <path d="M240 600 L560 600" stroke="${dark}" stroke-width="18"/>`,
  bib: ({ dark, light }: Paint) => `
    <path d="M300 140 L360 140 Q400 230 440 140 L500 140 L520 260 Q530 300 560 320 L560 660 L240 660 L240 320 Q270 300 280 260 Z"/>
    <g stroke="${light}" stroke-width="3" opacity="0.7">
      ${Array.from({ length: 11 }, (_, i) => `<path d="M${250 + i * 30} 330 L${250 + i * 30} 650"/>`).join("")}
      ${Array.from({ length: 11 }, (_, i) => `<path d="M250 ${340 + i * 30} L550 ${340 + i * 30}"/>`).join("")}
    </g>
    <path d="M300 140 L360 140 Q400 230 440 140 L500 140" fill="none" stroke="${dark}" stroke-width="16"/>
    <path d="M240 646 L560 646" stroke="${dark}" stroke-width="16"/>`,
} satisfies Record<string, (paint: Paint) => string>;
