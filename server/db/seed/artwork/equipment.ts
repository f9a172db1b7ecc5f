import type { Paint } from "./paint.ts";

/*
 * Training gear, coaching tools and glove care on the 800 x 800 product canvas, each drawn as the
 * thing a shopper would recognise from across the room: a rebounder's frame and net, a stack of
 * cones with discs, a knobbly reaction ball, an agility ladder, a tactics board with its pitch, a
 * session kit of balls in a net bag, a glove wash's pump bottle, a grip spray, rolls of tape and a
 * squeeze bottle in its cage.
 */
export const equipment = {
  rebounder: ({ dark, light }: Paint) => `
    <path d="M230 540 L180 670 M570 540 L620 670" stroke="${dark}" stroke-width="26" stroke-linecap="round"/>
    <rect x="170" y="170" width="460" height="380" rx="40" fill="none" stroke-width="34"/>
    <g stroke="${light}" stroke-width="6" opacity="0.9">
      ${Array.from({ length: 7 }, (_, i) => `<path d="M${220 + i * 60} 190 Q${215 + i * 60} 360 ${220 + i * 60} 530"/>`).join("")}
      ${Array.from({ length: 5 }, (_, i) => `<path d="M190 ${240 + i * 62} Q400 ${250 + i * 62} 610 ${240 + i * 62}"/>`).join("")}
    </g>
    <g fill="${dark}">${[
      [170, 170],
      [630, 170],
      [170, 550],
      [630, 550],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="20"/>`)
      .join("")}</g>`,
  cones: ({ dark, light }: Paint) => `
    <rect x="150" y="590" width="300" height="44" rx="14" fill="${dark}"/>
    <path d="M272 250 Q300 230 328 250 L420 600 L180 600 Z"/>
    <path d="M240 380 L360 380 L376 440 L224 440 Z" fill="${light}" stroke="none"/>
    <path d="M272 200 Q300 180 328 200 L340 250 L260 250 Z" fill="${dark}"/>
    ${[0, 1, 2, 3].map((i) => `<ellipse cx="570" cy="${610 - i * 26}" rx="120" ry="30"/><ellipse cx="570" cy="${604 - i * 26}" rx="40" ry="10" fill="${dark}"/>`).join("")}`,
  "reaction-ball": ({ dark, light }: Paint) => `
    ${Array.from({ length: 6 }, (_, i) => {
      const a = (i * Math.PI * 2) / 6;
      return `<circle cx="${(400 + Math.cos(a) * 140).toFixed(0)}" cy="${(400 + Math.sin(a) * 140).toFixed(0)}" r="100"/>`;
    }).join("")}
    <circle cx="400" cy="400" r="150" stroke="none"/>
    <circle cx="350" cy="340" r="40" fill="${light}" stroke="none" opacity="0.7"/>
    <circle cx="460" cy="470" r="26" fill="${dark}" stroke="none" opacity="0.5"/>`,
  "agility-ladder": ({ dark, light }: Paint) => `
    <g transform="rotate(-20 400 420)">
      <path d="M300 120 L300 720 M500 120 L500 720" stroke="${dark}" stroke-width="16" fill="none"/>
      ${Array.from({ length: 8 }, (_, i) => `<rect x="300" y="${140 + i * 76}" width="200" height="22" rx="8"/>`).join("")}
    </g>
    <path d="M600 620 L640 420 L680 620 Z" fill="${light}"/>
    <path d="M130 640 L170 440 L210 640 Z" fill="${light}"/>`,
  "tactics-board": ({ dark, light }: Paint) => `
    <rect x="236" y="150" width="328" height="490" rx="28"/>
    <rect x="272" y="210" width="256" height="390" rx="8" fill="#2f7d4f" stroke="none"/>
    <g fill="none" stroke="#ffffff" stroke-width="5">
      <rect x="290" y="228" width="220" height="354"/><path d="M290 405 L510 405"/><circle cx="400" cy="405" r="40"/>
      <rect x="350" y="228" width="100" height="50"/><rect x="350" y="532" width="100" height="50"/>
    </g>
    <g stroke="none"><circle cx="340" cy="320" r="12" fill="${light}"/><circle cx="460" cy="340" r="12" fill="${light}"/><circle cx="400" cy="480" r="12" fill="${dark}"/></g>
    <path d="M340 320 Q400 260 460 340" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="8 6"/>
    <rect x="330" y="126" width="140" height="56" rx="14" fill="${dark}"/>`,
  "session-kit": ({ dark, light }: Paint) => `
    <path d="M250 260 Q400 180 550 260 L590 600 Q400 680 210 600 Z" fill="none" stroke="${dark}" stroke-width="10"/>
    ${[
      [330, 400],
      [470, 400],
      [400, 520],
      [300, 540],
      [500, 540],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="70" fill="#ffffff" stroke="#4b5059"/><path d="M${x! - 20} ${y! - 18} L${x! + 20} ${y! - 18} L${x! + 30} ${y! + 16} L${x} ${y! + 36} L${x! - 30} ${y! + 16} Z" fill="#1c1d21" stroke="none"/>`,
      )
      .join("")}
    <g stroke="${light}" stroke-width="4" opacity="0.8" fill="none">
      ${Array.from({ length: 6 }, (_, i) => `<path d="M${240 + i * 64} 270 L${300 + i * 52} 620"/>`).join("")}
    </g>
    <path d="M250 260 Q400 230 550 260" fill="none" stroke="${dark}" stroke-width="18"/>
    <path d="M620 640 L650 520 L680 640 Z"/>`,
  "glove-wash": ({ dark, light, accent }: Paint) => `
    <path d="M380 200 L380 140 L480 140 L480 160 L400 160 L400 200 Z" fill="${dark}"/>
    <rect x="360" y="196" width="80" height="56" rx="8" fill="${dark}"/>
    <path d="M300 290 Q300 244 400 244 Q500 244 500 290 L500 650 L300 650 Z"/>
    <rect x="300" y="380" width="200" height="180" fill="${light}" stroke="none" opacity="0.7"/>
    <path d="M340 470 Q370 420 400 470 Q430 420 460 470" stroke="${accent}" stroke-width="10" fill="none"/>
    <rect x="322" y="292" width="18" height="70" rx="9" fill="${light}" stroke="none"/>`,
  "grip-spray": ({ dark, light, accent }: Paint) => `
    <rect x="352" y="150" width="96" height="56" rx="10" fill="${dark}"/>
    <rect x="444" y="164" width="50" height="18" rx="6" fill="${dark}"/>
    <path d="M520 150 L580 120 M520 172 L590 172 M520 194 L580 224" stroke="${dark}" stroke-width="6" stroke-linecap="round" stroke-dasharray="4 12"/>
    <path d="M310 262 Q310 206 400 206 Q490 206 490 262 L490 650 L310 650 Z"/>
    <rect x="310" y="360" width="180" height="170" fill="${light}" stroke="none" opacity="0.7"/>
    <path d="M340 500 L400 390 L460 500" fill="none" stroke="${accent}" stroke-width="12"/>`,
  tape: ({ dark, light }: Paint) => `
    <circle cx="320" cy="440" r="170"/>
    <circle cx="320" cy="440" r="136" fill="none" stroke="${light}" stroke-width="8" opacity="0.7"/>
    <circle cx="320" cy="440" r="76" fill="${dark}"/><circle cx="320" cy="440" r="54" fill="${light}"/>
    <circle cx="560" cy="330" r="110"/>
    <circle cx="560" cy="330" r="48" fill="${dark}"/><circle cx="560" cy="330" r="32" fill="${light}"/>
    <path d="M470 440 L470 560 L580 540 L560 420 Z"/>`,
  "water-bottle": ({ dark, light }: Paint) => `
    <rect x="372" y="120" width="56" height="50" rx="12" fill="${dark}"/>
    <rect x="344" y="164" width="112" height="60" rx="14" fill="${dark}"/>
    <rect x="306" y="220" width="188" height="430" rx="56"/>
    <path d="M306 320 Q400 350 494 320 M306 540 Q400 570 494 540" fill="none" stroke="${dark}" stroke-width="12"/>
    <rect x="330" y="360" width="22" height="150" rx="11" fill="${light}" stroke="none"/>
    <path d="M440 370 L440 500" stroke="${light}" stroke-width="4" stroke-dasharray="10 10"/>`,
} satisfies Record<string, (paint: Paint) => string>;
