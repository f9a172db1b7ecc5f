import type { Paint } from "./paint.ts";

/*
 * Bags on the 800 x 800 product canvas: a glove bag's slim case with its air vents (what the
 * category sells), a backpack with its straps and boot pocket, a holdall with handles, end pockets
 * and a shoulder strap.
 */
export const bags = {
  "glove-bag": ({ dark, light }: Paint) => `
    <path d="M360 240 Q360 190 400 190 Q440 190 440 240" fill="none" stroke="${dark}" stroke-width="20"/>
    <rect x="250" y="230" width="300" height="420" rx="60"/>
    <path d="M280 270 Q400 250 520 270" fill="none" stroke="${dark}" stroke-width="8" stroke-dasharray="14 8"/>
    <g fill="${dark}" stroke="none">${Array.from({ length: 12 }, (_, i) => `<circle cx="${330 + (i % 4) * 46}" cy="${360 + Math.floor(i / 4) * 46}" r="12"/>`).join("")}</g>
    <rect x="300" y="520" width="200" height="90" rx="24" fill="${light}" stroke="none" opacity="0.6"/>`,
  backpack: ({ dark, light, accent }: Paint) => `
    <path d="M350 200 Q350 140 400 140 Q450 140 450 200" fill="none" stroke="${dark}" stroke-width="22"/>
    <path d="M250 250 Q206 420 236 620 M550 250 Q594 420 564 620" fill="none" stroke="${dark}" stroke-width="26"/>
    <rect x="256" y="190" width="288" height="460" rx="100"/>
    <rect x="290" y="440" width="220" height="170" rx="44" fill="${dark}"/>
    <path d="M306 470 L494 470" stroke="${accent}" stroke-width="8"/>
    <path d="M300 260 Q400 230 500 260" stroke="${light}" stroke-width="14" fill="none"/>
    <rect x="380" y="480" width="40" height="14" rx="7" fill="${light}" stroke="none"/>`,
  holdall: ({ dark, light, accent }: Paint) => `
    <path d="M190 380 Q400 120 610 380" fill="none" stroke="${dark}" stroke-width="12"/>
    <path d="M330 350 Q330 250 400 250 Q470 250 470 350" fill="none" stroke="${dark}" stroke-width="26"/>
    <rect x="150" y="340" width="500" height="270" rx="80"/>
    <path d="M190 392 L610 392" stroke="${dark}" stroke-width="10" stroke-dasharray="18 10"/>
    <rect x="250" y="450" width="300" height="110" rx="26" fill="${light}" stroke="none" opacity="0.6"/>
    <rect x="150" y="430" width="46" height="110" rx="14" fill="${dark}"/>
    <rect x="604" y="430" width="46" height="110" rx="14" fill="${dark}"/>
    <path d="M270 600 L530 600" stroke="${accent}" stroke-width="12"/>`,
} satisfies Record<string, (paint: Paint) => string>;
