import type { Paint } from "./paint.ts";

/*
 * Boots and shoes from the side on the 800 x 800 product canvas. They differ where they grip: a
 * firm-ground boot's few long studs, an artificial-grass boot's many short ones, an indoor shoe's
 * flat gum sole and lower, rounder upper.
 */
const upper = "M168 480 Q166 392 250 372 L372 340 Q410 252 468 226 L566 222 Q604 300 626 362 Q654 424 644 480 Z";

function laces(light: string) {
  return `<path d="M420 300 L480 330 M404 330 L468 360 M390 362 L452 392" stroke="${light}" stroke-width="14" stroke-linecap="round"/>`;
}

export const footwear = {
  "boot-fg": ({ dark, light, accent }: Paint) => `
    <path d="${upper}"/>
    <path d="M156 478 L656 478 Q660 540 600 540 L200 540 Q150 540 156 478 Z" fill="${dark}"/>
    <g fill="${dark}">
      <path d="M214 536 L246 536 L240 590 L220 590 Z"/><path d="M300 536 L332 536 L326 590 L306 590 Z"/>
      <path d="M470 536 L502 536 L496 590 L476 590 Z"/><path d="M566 536 L598 536 L592 590 L572 590 Z"/>
    </g>
    ${laces(light)}
    <path d="M250 450 Q400 380 600 420" stroke="${accent}" stroke-width="20" fill="none"/>`,
  "boot-ag": ({ dark, light, accent }: Paint) => `
    <path d="${upper}"/>
    <path d="M156 478 L656 478 Q660 540 600 540 L200 540 Q150 540 156 478 Z" fill="${dark}"/>
    <g fill="${dark}">${Array.from({ length: 11 }, (_, i) => `<rect x="${196 + i * 40}" y="534" width="20" height="26" rx="6"/>`).join("")}</g>
    ${laces(light)}
    <path d="M230 440 L330 400 L300 460 L420 410" stroke="${accent}" stroke-width="16" fill="none" stroke-linejoin="round"/>`,
  "indoor-shoe": ({ dark, light, accent }: Paint) => `
    <path d="M170 500 Q168 420 250 404 L380 380 Q420 300 480 282 L580 282 Q618 340 636 400 Q652 450 644 500 Z"/>
    <path d="M156 498 L656 498 Q664 560 600 560 L200 560 Q148 560 156 498 Z" fill="#c9a46a" stroke="${dark}"/>
    <path d="M170 530 L640 530" stroke="#a8844c" stroke-width="6"/>
    <path d="M430 330 L490 356 M416 360 L478 386" stroke="${light}" stroke-width="14" stroke-linecap="round"/>
    <path d="M240 470 Q420 430 620 460" stroke="${accent}" stroke-width="14" fill="none"/>
    <circle cx="560" cy="350" r="16" fill="${dark}"/>`,
} satisfies Record<string, (paint: Paint) => string>;
