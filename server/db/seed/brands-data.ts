import type { LogoDesign } from "./artwork/brand-logos.ts";
import type { MarkName } from "./artwork/marks.ts";

/** An invented brand of the demo shop. */
export interface BrandSeed {
  slug: string;
  name: string;
  story: string;
  /** Short code that starts the brand's SKUs. */
  code: string;
  /** The word mark and its lock-up (artwork/brand-logos.ts). */
  logo: LogoDesign;
  /** What goes on the back of the brand's gloves: its mark, or its initial where it has none. */
  gloveMark: MarkName | null;
  /** Category slugs the brand is known for; most of its products fall in them. */
  focus: readonly string[];
}

export const brandSeeds: readonly BrandSeed[] = [
  {
    slug: "palmstrike",
    name: "Palmstrike",
    code: "PS",
    story:
      "Palmstrike started in a garage where a semi-pro keeper cut his first latex palms by hand. Every new glove is still tested on a wet training pitch before it goes into production.",
    logo: { hex: "#1e6bff", layout: "stacked", mark: "palm", lines: [{ text: "PALMSTRIKE", weight: 900, italic: true }] },
    gloveMark: "palm",
    focus: ["gloves"],
  },
  {
    slug: "northwall",
    name: "Northwall",
    code: "NW",
    story:
      "Northwall makes keeper clothing for the cold end of the season. Its padded jerseys were first sewn for a coastal club whose pitch faced straight into the wind.",
    logo: { hex: "#1d2b53", layout: "stacked", mark: "peaks", lines: [{ text: "NORTHWALL", weight: 600, tracking: 0.18 }] },
    gloveMark: "peaks",
    focus: ["apparel", "kits"],
  },
  {
    slug: "grip-theory",
    name: "Grip Theory",
    code: "GT",
    story:
      "Grip Theory was founded by two materials engineers who were tired of latex that died after three matches. They publish the wear test results of every palm they sell.",
    logo: {
      hex: "#4c8a0e",
      layout: "beside",
      mark: "ring",
      lines: [
        { text: "GRIP", weight: 900 },
        { text: "THEORY", weight: 400, tracking: 0.12, ink: true },
      ],
    },
    gloveMark: "ring",
    focus: ["gloves", "accessories"],
  },
  {
    slug: "last-line",
    name: "Last Line",
    code: "LL",
    story:
      "Last Line builds protection for keepers who never pull out of a challenge. Its pads are shaped from thousands of scans of knees, hips and elbows.",
    logo: {
      hex: "#d0281f",
      layout: "underlined",
      lines: [
        { text: "LAST", weight: 800, italic: true },
        { text: "LINE", weight: 800, italic: true },
      ],
    },
    gloveMark: null,
    focus: ["protection", "apparel"],
  },
  {
    slug: "crossbar-lab",
    name: "Crossbar Lab",
    code: "CL",
    story:
      "Crossbar Lab designs training equipment with goalkeeper coaches from grassroots to academy level. Each rebounder is drilled for a season before it gets a name.",
    logo: {
      hex: "#e0620a",
      layout: "boxed",
      mark: "goal",
      lines: [
        { text: "CROSSBAR", weight: 700 },
        { text: "LAB", weight: 300, tracking: 0.4, ink: true },
      ],
    },
    gloveMark: "goal",
    focus: ["training", "coaching"],
  },
  {
    slug: "cleansheet-works",
    name: "Cleansheet Works",
    code: "CW",
    story:
      "Cleansheet Works began as a kit supplier for a Sunday league and never stopped. It still prints small club runs alongside its own gloves and kits.",
    logo: {
      hex: "#1f8a70",
      layout: "stacked",
      mark: "sheet",
      lines: [
        { text: "CLEANSHEET", weight: 800 },
        { text: "WORKS", weight: 500, tracking: 0.5, ink: true },
      ],
    },
    gloveMark: "sheet",
    focus: ["gloves", "kits"],
  },
  {
    slug: "highball",
    name: "Highball",
    code: "HB",
    story:
      "Highball makes boots for keepers who need to spring, not sprint. Its soles are tuned for the short, explosive push-off of a diving save.",
    logo: {
      hex: "#6b3fa0",
      layout: "stacked",
      mark: "arc",
      lines: [{ text: "Highball", weight: 900, italic: true, tracking: -0.02 }],
    },
    gloveMark: "arc",
    focus: ["footwear"],
  },
  {
    slug: "fingertip-union",
    name: "Fingertip Union",
    code: "FU",
    story:
      "Fingertip Union is a cooperative of youth coaches who wanted gloves that fit small hands properly. Part of every sale funds keeper clinics for children.",
    logo: {
      hex: "#d6337f",
      layout: "beside",
      mark: "whorl",
      lines: [
        { text: "FINGERTIP", weight: 700 },
        { text: "UNION", weight: 300, tracking: 0.3 },
      ],
    },
    gloveMark: "whorl",
    focus: ["gloves", "kits"],
  },
  {
    slug: "boxfield",
    name: "Boxfield",
    code: "BF",
    story:
      "Boxfield makes bags around one idea: gloves should never share a pocket with muddy boots. Its ventilated glove compartments are now copied across the game.",
    logo: {
      hex: "#50555e",
      layout: "boxed",
      lines: [
        { text: "BOX", weight: 900, tracking: 0.1 },
        { text: "FIELD", weight: 900, tracking: 0.1 },
      ],
    },
    gloveMark: null,
    focus: ["bags"],
  },
  {
    slug: "vaultline",
    name: "Vaultline",
    code: "VL",
    story:
      "Vaultline grew out of a physiotherapy practice that treated too many keepers' shins and knees. It now makes guards, padded layers and boots with the same care.",
    logo: { hex: "#1c1d21", layout: "stacked", mark: "vault", lines: [{ text: "VAULTLINE", weight: 500, tracking: 0.22 }] },
    gloveMark: "vault",
    focus: ["protection", "footwear"],
  },
  {
    slug: "sixyard-supply",
    name: "Sixyard Supply",
    code: "SY",
    story:
      "Sixyard Supply stocks the small things every keeper forgets until match day. Its glove wash recipe has not changed since the first batch was mixed in a club kitchen.",
    logo: {
      hex: "#9c7a00",
      layout: "underlined",
      mark: "goal",
      lines: [
        { text: "SIXYARD", weight: 900 },
        { text: "SUPPLY CO.", weight: 500, tracking: 0.25, ink: true },
      ],
    },
    gloveMark: "goal",
    focus: ["accessories", "coaching"],
  },
  {
    slug: "parrymade",
    name: "Parrymade",
    code: "PM",
    story:
      "Parrymade was set up by a retired goalkeeper coach to sell the drills he used to improvise with bin lids and tyres. Today its reaction balls and session kits are in clubs across the country.",
    logo: {
      hex: "#c42d24",
      layout: "beside",
      mark: "parry",
      lines: [
        { text: "parry", weight: 800, italic: true },
        { text: "made", weight: 300, italic: true },
      ],
    },
    gloveMark: "parry",
    focus: ["training", "coaching"],
  },
  {
    slug: "keel-and-post",
    name: "Keel & Post",
    code: "KP",
    story:
      "Keel & Post makes bags and travel wear from recycled sailcloth. Everything is built to be repaired rather than replaced.",
    logo: { hex: "#22346a", layout: "stacked", mark: "sail", lines: [{ text: "KEEL & POST", weight: 600, tracking: 0.08 }] },
    gloveMark: "sail",
    focus: ["bags", "apparel"],
  },
  {
    slug: "diveline",
    name: "Diveline",
    code: "DL",
    story:
      "Diveline builds gloves and boots for keepers who live on the floor of the six-yard box. Its negative-cut palms are glued, never stitched, for a closer feel.",
    logo: {
      hex: "#1e6bff",
      layout: "beside",
      mark: "dive",
      lines: [
        { text: "DIVE", weight: 800, italic: true },
        { text: "LINE", weight: 200, italic: true, ink: true },
      ],
    },
    gloveMark: "dive",
    focus: ["gloves", "footwear"],
  },
];
