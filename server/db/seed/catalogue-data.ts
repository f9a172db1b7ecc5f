import type { ProductDrawing } from "./artwork/products.ts";

/** Attribute name -> the values a product may take; one value means every product has it. */
export type AttributeChoices = Readonly<Record<string, readonly string[]>>;

export interface SubCategorySeed {
  slug: string;
  name: string;
  description: string;
  /** What one product is called, closing its name: "Match Glove". */
  noun: string;
  /**
   * What its pictures show: a glove (drawn by its cut, artwork/gloves.ts) or a product type of its
   * own (artwork/products.ts). Jerseys are drawn by their sleeve.
   */
  drawing: "glove" | ProductDrawing;
  sizes: readonly string[];
  /** Price range in minor units; prices are drawn inside it and end in 99. */
  price: readonly [min: number, max: number];
  /** Added to (or narrowing) the category's attributes. */
  attributes?: AttributeChoices;
}

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  /** Share of the catalogue's products that fall in this category. */
  weight: number;
  attributes: AttributeChoices;
  subCategories: readonly SubCategorySeed[];
}

const gloveSizes = ["6", "7", "8", "9", "10", "11"];
const juniorGloveSizes = ["4", "5", "6", "7"];
const apparelSizes = ["XS", "S", "M", "L", "XL", "XXL"];
const juniorSizes = ["116", "128", "140", "152", "164"];
const padSizes = ["S", "M", "L", "XL"];
const bootSizes = ["EU 38", "EU 39", "EU 40", "EU 41", "EU 42", "EU 43", "EU 44", "EU 45", "EU 46"];
const oneSize = ["One size"];

const fit = ["Slim", "Regular", "Relaxed"];
const fabric = ["Recycled polyester", "Polyester mesh", "Cotton blend"];

export const catalogue: readonly CategorySeed[] = [
  {
    slug: "gloves",
    name: "Gloves",
    description: "Goalkeeper gloves for every surface, grip preference and budget.",
    weight: 30,
    attributes: {
      cut: ["Negative", "Roll Finger", "Flat", "Hybrid"],
      grip: ["Dry", "Wet", "All-weather"],
      closure: ["Wrap strap", "Slip-on", "Double strap"],
      palm: ["4 mm contact latex", "3 mm German latex", "4 mm hybrid latex"],
    },
    subCategories: [
      {
        slug: "match",
        name: "Match gloves",
        description: "Top-grade latex for game day, when every catch counts.",
        noun: "Match Glove",
        drawing: "glove",
        sizes: gloveSizes,
        price: [7999, 14999],
      },
      {
        slug: "training",
        name: "Training gloves",
        description: "Hard-wearing gloves built to survive hundreds of sessions.",
        noun: "Training Glove",
        drawing: "glove",
        sizes: gloveSizes,
        price: [2499, 5999],
        attributes: { palm: ["3 mm training latex", "3 mm hybrid latex"] },
      },
      {
        slug: "junior",
        name: "Junior gloves",
        description: "Smaller cuts and softer latex for young keepers.",
        noun: "Junior Glove",
        drawing: "glove",
        sizes: juniorGloveSizes,
        price: [2499, 4499],
        attributes: { palm: ["3 mm soft latex", "3 mm training latex"] },
      },
      {
        slug: "fingersave",
        name: "Fingersave gloves",
        description: "Spined fingers that protect against hyperextension on hard shots.",
        noun: "Fingersave Glove",
        drawing: "glove",
        sizes: gloveSizes,
        price: [4999, 9999],
        attributes: { protection: ["Removable spines", "Fixed spines"] },
      },
      {
        slug: "wet-weather",
        name: "Wet-weather gloves",
        description: "Latex that grips best when the rain is coming down.",
        noun: "Rain Glove",
        drawing: "glove",
        sizes: gloveSizes,
        price: [5999, 12999],
        attributes: { grip: ["Wet"] },
      },
    ],
  },
  {
    slug: "apparel",
    name: "Apparel",
    description: "Padded and lightweight keeper clothing for matches and training.",
    weight: 15,
    attributes: { fit, fabric },
    subCategories: [
      {
        slug: "jerseys",
        name: "Jerseys",
        description: "Long and short-sleeved keeper jerseys in colours that stand out.",
        noun: "Keeper Jersey",
        drawing: "jersey-long",
        sizes: apparelSizes,
        price: [3499, 7999],
        attributes: { sleeve: ["Long", "Short"] },
      },
      {
        slug: "shorts",
        name: "Shorts",
        description: "Light shorts that move with you from the first dive to the last.",
        noun: "Keeper Shorts",
        drawing: "shorts",
        sizes: apparelSizes,
        price: [1999, 3999],
      },
      {
        slug: "trousers",
        name: "Trousers",
        description: "Full-length keeper trousers with padded hips and knees for hard pitches.",
        noun: "Keeper Trousers",
        drawing: "trousers",
        sizes: apparelSizes,
        price: [2999, 5999],
        attributes: { padding: ["Hip and knee", "Knee"] },
      },
      {
        slug: "base-layers",
        name: "Base layers",
        description: "Close-fitting layers that keep you warm on cold match days.",
        noun: "Base Layer",
        drawing: "base-layer",
        sizes: apparelSizes,
        price: [1999, 3999],
        attributes: { fit: ["Compression", "Slim"], sleeve: ["Long", "Short"] },
      },
    ],
  },
  {
    slug: "protection",
    name: "Protection",
    description: "Padding and guards that let you throw yourself at every ball.",
    weight: 10,
    attributes: { padding: ["Foam", "Gel", "Hard shell"] },
    subCategories: [
      {
        slug: "padded-shorts",
        name: "Padded shorts",
        description: "Compression shorts with hip pads for diving on hard ground.",
        noun: "Padded Shorts",
        drawing: "padded-shorts",
        sizes: apparelSizes,
        price: [2499, 4499],
        attributes: { padding: ["Foam", "Gel"], fit: ["Compression"] },
      },
      {
        slug: "elbow-pads",
        name: "Elbow pads",
        description: "Sleeves and pads that take the sting out of every landing.",
        noun: "Elbow Pads",
        drawing: "elbow-pad",
        sizes: padSizes,
        price: [1499, 2999],
      },
      {
        slug: "shin-guards",
        name: "Shin guards",
        description: "Light shin guards shaped for keepers who come off their line.",
        noun: "Shin Guards",
        drawing: "shin-guard",
        sizes: padSizes,
        price: [999, 2999],
      },
      {
        slug: "headguards",
        name: "Headguards",
        description: "Soft-shell headguards for confidence in crowded boxes.",
        noun: "Headguard",
        drawing: "headguard",
        sizes: ["S", "M", "L"],
        price: [2999, 5999],
      },
    ],
  },
  {
    slug: "footwear",
    name: "Footwear",
    description: "Boots and shoes with the grip to push off for every save.",
    weight: 10,
    attributes: { upper: ["Knit", "Synthetic", "Leather"], fit: ["Narrow", "Standard", "Wide"] },
    subCategories: [
      {
        slug: "firm-ground",
        name: "Firm ground",
        description: "Moulded studs for natural grass pitches in good condition.",
        noun: "Firm Ground Boot",
        drawing: "boot-fg",
        sizes: bootSizes,
        price: [7999, 22999],
        attributes: { surface: ["Firm ground"] },
      },
      {
        slug: "artificial-grass",
        name: "Artificial grass",
        description: "Short, many studs that grip on 3G and 4G surfaces.",
        noun: "Artificial Grass Boot",
        drawing: "boot-ag",
        sizes: bootSizes,
        price: [6999, 16999],
        attributes: { surface: ["Artificial grass"] },
      },
      {
        slug: "indoor",
        name: "Indoor",
        description: "Flat gum soles for sports halls and futsal courts.",
        noun: "Indoor Shoe",
        drawing: "indoor-shoe",
        sizes: bootSizes,
        price: [4999, 11999],
        attributes: { surface: ["Indoor"] },
      },
    ],
  },
  {
    slug: "training",
    name: "Training equipment",
    description: "Kit that sharpens reactions, footwork and handling between matches.",
    weight: 8,
    attributes: { level: ["Junior", "Club", "Pro"] },
    subCategories: [
      {
        slug: "rebounders",
        name: "Rebounders",
        description: "Frames that fire the ball back at unpredictable angles.",
        noun: "Rebounder",
        drawing: "rebounder",
        sizes: oneSize,
        price: [7999, 24999],
        attributes: { frame: ["Steel", "Aluminium"] },
      },
      {
        slug: "cones",
        name: "Cones and markers",
        description: "Cones and discs to lay out footwork and positioning drills.",
        noun: "Cone Set",
        drawing: "cones",
        sizes: oneSize,
        price: [999, 2499],
      },
      {
        slug: "reaction-balls",
        name: "Reaction balls",
        description: "Uneven balls that bounce where you least expect.",
        noun: "Reaction Ball",
        drawing: "reaction-ball",
        sizes: oneSize,
        price: [899, 1999],
      },
      {
        slug: "agility",
        name: "Agility",
        description: "Ladders, poles and hurdles for quick feet across the six-yard box.",
        noun: "Agility Set",
        drawing: "agility-ladder",
        sizes: oneSize,
        price: [1499, 4999],
      },
    ],
  },
  {
    slug: "bags",
    name: "Bags",
    description: "Bags that keep gloves fresh and kit sorted on the way to the ground.",
    weight: 7,
    attributes: { fabric: ["Recycled polyester", "Tarpaulin", "Ripstop nylon"] },
    subCategories: [
      {
        slug: "glove-bags",
        name: "Glove bags",
        description: "Ventilated cases that stop latex drying out between games.",
        noun: "Glove Bag",
        drawing: "glove-bag",
        sizes: oneSize,
        price: [1499, 3499],
        attributes: { capacity: ["2 pairs", "3 pairs", "4 pairs"] },
      },
      {
        slug: "backpacks",
        name: "Backpacks",
        description: "Backpacks with a separate glove compartment and a boot pocket.",
        noun: "Backpack",
        drawing: "backpack",
        sizes: oneSize,
        price: [3499, 7999],
        attributes: { capacity: ["20 L", "25 L", "30 L"] },
      },
      {
        slug: "holdalls",
        name: "Holdalls",
        description: "Roomy holdalls for the full matchday kit and a spare set.",
        noun: "Holdall",
        drawing: "holdall",
        sizes: oneSize,
        price: [3999, 8999],
        attributes: { capacity: ["40 L", "60 L", "80 L"] },
      },
    ],
  },
  {
    slug: "accessories",
    name: "Accessories",
    description: "Care products and small extras that make gloves last longer.",
    weight: 8,
    attributes: {},
    subCategories: [
      {
        slug: "glove-wash",
        name: "Glove wash",
        description: "Gentle wash that lifts dirt without stripping the latex.",
        noun: "Glove Wash",
        drawing: "glove-wash",
        sizes: oneSize,
        price: [699, 1499],
        attributes: { volume: ["250 ml", "500 ml"] },
      },
      {
        slug: "grip-spray",
        name: "Grip spray",
        description: "Spray that brings tired latex back to match-day tack.",
        noun: "Grip Spray",
        drawing: "grip-spray",
        sizes: oneSize,
        price: [899, 1799],
        attributes: { volume: ["120 ml", "200 ml"] },
      },
      {
        slug: "tape",
        name: "Tape",
        description: "Finger and wrist tape for support under the glove.",
        noun: "Finger Tape",
        drawing: "tape",
        sizes: oneSize,
        price: [399, 999],
        attributes: { width: ["1.25 cm", "2.5 cm", "3.8 cm"] },
      },
      {
        slug: "bottles",
        name: "Bottles",
        description: "Squeeze bottles that sit in the back of the net all match.",
        noun: "Water Bottle",
        drawing: "water-bottle",
        sizes: oneSize,
        price: [799, 1999],
        attributes: { volume: ["500 ml", "750 ml", "1 L"] },
      },
    ],
  },
  {
    slug: "kits",
    name: "Goalkeeper kits",
    description: "Matching jersey, shorts and socks sets for keepers and their clubs.",
    weight: 7,
    attributes: { fit, fabric, sleeve: ["Long", "Short"] },
    subCategories: [
      {
        slug: "senior",
        name: "Senior kits",
        description: "Full adult kits ready for league and cup football.",
        noun: "Keeper Kit",
        drawing: "kit",
        sizes: apparelSizes,
        price: [5999, 11999],
      },
      {
        slug: "junior",
        name: "Junior kits",
        description: "Kits in youth sizes, cut for growing keepers.",
        noun: "Junior Kit",
        drawing: "kit",
        sizes: juniorSizes,
        price: [3999, 7999],
      },
      {
        slug: "training",
        name: "Training kits",
        description: "Tough sets for the training ground, made to be washed every week.",
        noun: "Training Kit",
        drawing: "training-top",
        sizes: apparelSizes,
        price: [4999, 8999],
      },
    ],
  },
  {
    slug: "coaching",
    name: "Coaching",
    description: "Tools for goalkeeper coaches to plan, run and review sessions.",
    weight: 5,
    attributes: { level: ["Grassroots", "Club", "Academy"] },
    subCategories: [
      {
        slug: "tactics-boards",
        name: "Tactics boards",
        description: "Wipe-clean boards for drawing set pieces and positioning.",
        noun: "Tactics Board",
        drawing: "tactics-board",
        sizes: oneSize,
        price: [1499, 4999],
      },
      {
        slug: "bibs",
        name: "Training bibs",
        description: "Packs of bibs so the keeper's drill group is easy to spot.",
        noun: "Bib Pack",
        drawing: "bib",
        sizes: ["Junior", "Senior"],
        price: [2499, 4999],
      },
      {
        slug: "session-kits",
        name: "Session kits",
        description: "Ready-made bundles of balls and cones for a full keeper session.",
        noun: "Session Kit",
        drawing: "session-kit",
        sizes: oneSize,
        price: [4999, 12999],
      },
    ],
  },
];
