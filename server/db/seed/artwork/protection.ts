import type { Paint } from "./paint.ts";

/*
 * Protection on the 800 x 800 product canvas: padded shorts with their hip pads, an elbow sleeve
 * with its pad, a pair of shin guards with straps, a soft-shell headguard. The pads are drawn in
 * the lighter shade with quilting, so it shows where the protection sits.
 */
export const protection = {
  "padded-shorts": ({ dark, light }: Paint) => `
    <path d="M250 210 L550 210 L578 560 L424 572 L400 380 L376 572 L222 560 Z"/>
    <rect x="244" y="184" width="312" height="44" rx="12" fill="${dark}"/>
    <path d="M232 270 Q206 360 232 450 L290 450 Q300 360 290 270 Z" fill="${light}"/>
    <path d="M568 270 Q594 360 568 450 L510 450 Q500 360 510 270 Z" fill="${light}"/>
    <path d="M236 320 L290 320 M232 360 L294 360 M236 400 L290 400 M510 320 L564 320 M506 360 L568 360 M510 400 L564 400" stroke="${dark}" stroke-width="4"/>
    <path d="M226 530 L380 542 M574 530 L420 542" stroke="${dark}" stroke-width="12"/>`,
  "elbow-pad": ({ dark, light }: Paint) => `
    <path d="M290 140 L510 140 L540 660 L260 660 Z"/>
    <rect x="284" y="124" width="232" height="40" rx="12" fill="${dark}"/>
    <rect x="256" y="640" width="288" height="40" rx="12" fill="${dark}"/>
    <ellipse cx="400" cy="400" rx="120" ry="150" fill="${light}"/>
    <path d="M300 340 Q400 310 500 340 M288 400 Q400 370 512 400 M300 460 Q400 430 500 460" fill="none" stroke="${dark}" stroke-width="6"/>`,
  "shin-guard": ({ dark, light }: Paint) => `
    ${[230, 430]
      .map(
        (x) => `
      <path d="M${x} 180 Q${x + 70} 140 ${x + 140} 180 L${x + 130} 560 Q${x + 70} 640 ${x + 10} 560 Z"/>
      <path d="M${x + 30} 230 Q${x + 70} 210 ${x + 110} 230 L${x + 102} 520 Q${x + 70} 560 ${x + 38} 520 Z" fill="${light}" stroke="none"/>
      <path d="M${x + 70} 220 L${x + 70} 540" stroke="${dark}" stroke-width="8"/>
      <rect x="${x - 14}" y="270" width="168" height="30" rx="10" fill="${dark}"/>
      <rect x="${x - 14}" y="450" width="168" height="30" rx="10" fill="${dark}"/>`,
      )
      .join("")}`,
  headguard: ({ dark, light }: Paint) => `
    <path d="M214 470 Q214 200 400 200 Q586 200 586 470 L586 540 L214 540 Z"/>
    <path d="M260 470 Q262 300 400 294 Q538 300 540 470 Z" fill="${light}" stroke="none" opacity="0.4"/>
    <path d="M400 206 L400 534 M300 232 Q284 380 300 534 M500 232 Q516 380 500 534" stroke="${dark}" stroke-width="12" fill="none"/>
    <rect x="204" y="500" width="392" height="60" rx="22" fill="${dark}"/>
    <circle cx="260" cy="420" r="24" fill="${dark}"/><circle cx="540" cy="420" r="24" fill="${dark}"/>
    <path d="M270 330 Q320 256 400 248" stroke="${light}" stroke-width="18" fill="none" stroke-linecap="round"/>`,
} satisfies Record<string, (paint: Paint) => string>;
