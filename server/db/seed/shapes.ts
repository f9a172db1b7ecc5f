/**
 * Simple product silhouettes on an 800 x 800 canvas, centred on (400, 400). Shapes only, never
 * text: the machine that renders them may have no fonts installed.
 */
export interface Paint {
  /** The product's colour. */
  fill: string;
  /** A darker shade for outlines, straps and soles. */
  dark: string;
  /** A lighter shade for highlights. */
  light: string;
}

const drawings = {
  glove: ({ dark, light }: Paint) => `
    <rect x="262" y="160" width="64" height="240" rx="32"/>
    <rect x="334" y="120" width="64" height="280" rx="32"/>
    <rect x="406" y="135" width="64" height="265" rx="32"/>
    <rect x="478" y="185" width="60" height="215" rx="30"/>
    <rect x="258" y="330" width="284" height="250" rx="70"/>
    <rect x="185" y="330" width="64" height="210" rx="32" transform="rotate(-32 217 435)"/>
    <rect x="300" y="360" width="200" height="140" rx="40" fill="${light}" stroke="none" opacity="0.55"/>
    <rect x="272" y="560" width="256" height="100" rx="22" fill="${dark}"/>
    <rect x="300" y="590" width="200" height="16" rx="8" fill="${light}" stroke="none"/>`,
  shirt: ({ dark, light }: Paint) => `
    <path d="M300 150 L360 132 Q400 182 440 132 L500 150 L650 250 L596 348 L532 312 L532 650 L268 650 L268 312 L204 348 L150 250 Z"/>
    <path d="M360 132 Q400 182 440 132 Q400 210 360 132 Z" fill="${dark}"/>
    <rect x="268" y="420" width="264" height="54" fill="${light}" stroke="none" opacity="0.6"/>
    <path d="M150 250 L204 348 L226 336 L174 238 Z" fill="${dark}" stroke="none"/>
    <path d="M650 250 L596 348 L574 336 L626 238 Z" fill="${dark}" stroke="none"/>`,
  shorts: ({ dark, light }: Paint) => `
    <path d="M246 230 L554 230 L598 600 L432 612 L400 390 L368 612 L202 600 Z"/>
    <rect x="240" y="200" width="320" height="52" rx="14" fill="${dark}"/>
    <path d="M210 560 L366 572 L362 600 L206 590 Z" fill="${light}" stroke="none" opacity="0.7"/>
    <path d="M590 560 L434 572 L438 600 L594 590 Z" fill="${light}" stroke="none" opacity="0.7"/>`,
  trousers: ({ dark, light }: Paint) => `
    <path d="M278 170 L522 170 L566 668 L440 668 L400 340 L360 668 L234 668 Z"/>
    <rect x="272" y="140" width="256" height="48" rx="12" fill="${dark}"/>
    <path d="M300 200 L262 660" stroke="${light}" stroke-width="14" fill="none"/>
    <path d="M500 200 L538 660" stroke="${light}" stroke-width="14" fill="none"/>`,
  boot: ({ dark, light }: Paint) => `
    <path d="M168 480 Q166 392 250 372 L372 340 Q410 252 468 226 L566 222 Q604 300 626 362 Q654 424 644 480 Z"/>
    <path d="M156 478 L656 478 Q660 540 600 540 L200 540 Q150 540 156 478 Z" fill="${dark}"/>
    <g fill="${dark}" stroke="none">
      <rect x="210" y="536" width="34" height="34" rx="8"/><rect x="300" y="536" width="34" height="34" rx="8"/>
      <rect x="470" y="536" width="34" height="34" rx="8"/><rect x="570" y="536" width="34" height="34" rx="8"/>
    </g>
    <path d="M420 300 L480 330 M404 330 L468 360 M390 362 L452 392" stroke="${light}" stroke-width="14" stroke-linecap="round"/>
    <path d="M230 440 Q400 400 620 430" stroke="${light}" stroke-width="18" fill="none" opacity="0.7"/>`,
  holdall: ({ dark, light }: Paint) => `
    <path d="M318 350 Q318 236 400 236 Q482 236 482 350" fill="none" stroke="${dark}" stroke-width="26"/>
    <rect x="176" y="330" width="448" height="260" rx="70"/>
    <path d="M210 380 L590 380" stroke="${dark}" stroke-width="10" stroke-dasharray="18 10"/>
    <rect x="250" y="440" width="300" height="100" rx="26" fill="${light}" stroke="none" opacity="0.55"/>
    <rect x="176" y="430" width="40" height="90" rx="12" fill="${dark}"/>
    <rect x="584" y="430" width="40" height="90" rx="12" fill="${dark}"/>`,
  backpack: ({ dark, light }: Paint) => `
    <path d="M350 200 Q350 140 400 140 Q450 140 450 200" fill="none" stroke="${dark}" stroke-width="22"/>
    <rect x="248" y="190" width="304" height="450" rx="100"/>
    <rect x="290" y="430" width="220" height="170" rx="44" fill="${dark}"/>
    <rect x="316" y="452" width="168" height="20" rx="10" fill="${light}" stroke="none"/>
    <path d="M300 260 Q400 230 500 260" stroke="${light}" stroke-width="16" fill="none" opacity="0.7"/>`,
  cone: ({ dark, light }: Paint) => `
    <rect x="196" y="566" width="408" height="58" rx="18" fill="${dark}"/>
    <path d="M372 170 Q400 150 428 170 L548 578 L252 578 Z"/>
    <path d="M330 330 L470 330 L492 404 L308 404 Z" fill="${light}" stroke="none" opacity="0.85"/>
    <path d="M288 470 L512 470 L530 530 L270 530 Z" fill="${light}" stroke="none" opacity="0.85"/>`,
  ball: ({ dark, light }: Paint) => `
    <circle cx="400" cy="400" r="210"/>
    <path d="M400 320 L476 375 L447 465 L353 465 L324 375 Z" fill="${dark}"/>
    <path d="M400 320 L400 200 M476 375 L590 340 M447 465 L516 562 M353 465 L284 562 M324 375 L210 340" stroke="${dark}" stroke-width="12" fill="none"/>
    <circle cx="330" cy="300" r="46" fill="${light}" stroke="none" opacity="0.6"/>`,
  bottle: ({ dark, light }: Paint) => `
    <rect x="344" y="140" width="112" height="60" rx="14" fill="${dark}"/>
    <rect x="360" y="196" width="80" height="60" fill="${dark}"/>
    <rect x="306" y="248" width="188" height="400" rx="56"/>
    <rect x="306" y="390" width="188" height="120" fill="${light}" stroke="none" opacity="0.7"/>
    <rect x="330" y="280" width="22" height="90" rx="11" fill="${light}" stroke="none" opacity="0.8"/>`,
  pad: ({ dark, light }: Paint) => `
    <path d="M292 168 Q400 122 508 168 L530 492 Q400 672 270 492 Z"/>
    <path d="M330 250 Q400 226 470 250 M320 330 Q400 306 480 330 M318 410 Q400 386 482 410" stroke="${dark}" stroke-width="16" fill="none"/>
    <rect x="226" y="260" width="348" height="40" rx="14" fill="${dark}"/>
    <path d="M352 480 Q400 560 448 480" stroke="${light}" stroke-width="16" fill="none"/>`,
  helmet: ({ dark, light }: Paint) => `
    <path d="M214 480 Q214 212 400 212 Q586 212 586 480 L586 530 L214 530 Z"/>
    <path d="M400 216 L400 526 M300 240 Q286 380 300 526 M500 240 Q514 380 500 526" stroke="${dark}" stroke-width="14" fill="none"/>
    <rect x="204" y="500" width="392" height="60" rx="22" fill="${dark}"/>
    <path d="M260 330 Q320 250 400 244" stroke="${light}" stroke-width="20" fill="none" stroke-linecap="round"/>`,
  spray: ({ dark, light }: Paint) => `
    <rect x="352" y="150" width="96" height="56" rx="10" fill="${dark}"/>
    <rect x="444" y="164" width="50" height="18" rx="6" fill="${dark}"/>
    <path d="M310 262 Q310 206 400 206 Q490 206 490 262 L490 650 L310 650 Z"/>
    <rect x="310" y="360" width="180" height="170" fill="${light}" stroke="none" opacity="0.7"/>
    <rect x="334" y="270" width="20" height="80" rx="10" fill="${light}" stroke="none" opacity="0.8"/>`,
  tape: ({ dark, light }: Paint) => `
    <path d="M400 580 L400 660 L560 660 L560 590 Z" fill="${dark}"/>
    <circle cx="400" cy="400" r="190"/>
    <circle cx="400" cy="400" r="150" fill="none" stroke="${light}" stroke-width="10" opacity="0.6"/>
    <circle cx="400" cy="400" r="88" fill="${dark}"/>
    <circle cx="400" cy="400" r="62" fill="${light}"/>`,
  rebounder: ({ dark, light }: Paint) => `
    <path d="M230 540 L180 660 M570 540 L620 660" stroke="${dark}" stroke-width="26" stroke-linecap="round"/>
    <rect x="170" y="170" width="460" height="380" rx="40" fill="none" stroke-width="30"/>
    <rect x="170" y="170" width="460" height="380" rx="40" fill="none" stroke="${dark}" stroke-width="8"/>
    <g stroke="${light}" stroke-width="6" opacity="0.9">
      <path d="M230 190 L230 530 M300 190 L300 530 M370 190 L370 530 M440 190 L440 530 M510 190 L510 530 M580 190 L580 530"/>
      <path d="M190 240 L610 240 M190 310 L610 310 M190 380 L610 380 M190 450 L610 450"/>
    </g>`,
  clipboard: ({ dark, light }: Paint) => `
    <rect x="236" y="150" width="328" height="490" rx="28"/>
    <rect x="272" y="210" width="256" height="390" rx="8" fill="${light}" stroke="none"/>
    <g fill="none" stroke="${dark}" stroke-width="6">
      <rect x="290" y="228" width="220" height="354"/>
      <path d="M290 405 L510 405"/><circle cx="400" cy="405" r="40"/>
      <rect x="350" y="228" width="100" height="50"/><rect x="350" y="532" width="100" height="50"/>
    </g>
    <rect x="330" y="126" width="140" height="56" rx="14" fill="${dark}"/>`,
} satisfies Record<string, (paint: Paint) => string>;

export type Shape = keyof typeof drawings;

export function drawShape(shape: Shape, paint: Paint): string {
  return drawings[shape](paint);
}
