import { GLOVE_VIEWS, gloveCutOf } from "./artwork/gloves.ts";
import { brandSeeds } from "./brands-data.ts";
import { catalogue, type AttributeChoices, type CategorySeed, type SubCategorySeed } from "./catalogue-data.ts";
import { palette, type Colour } from "./colours.ts";
import type { ProductImageKey } from "./images.ts";
import type { Random } from "./random.ts";
import { closers, features, lineWords, modelWords, openers, tierWords } from "./words.ts";

export interface VariantPlan {
  sku: string;
  size: string;
  colour: Colour;
  stock: number;
  price: number;
  compareAtPrice: number | null;
  /** What members pay (ADR 41); null: their plan's discount. */
  memberPrice: number | null;
}

export type ImagePlan = ProductImageKey & { alt: string };

/** One product of the demo shop, before it has database ids. */
export interface ProductPlan {
  slug: string;
  name: string;
  description: string;
  /** Indexes into brandSeeds, catalogue and the category's subCategories. */
  brandIndex: number;
  categoryIndex: number;
  subCategoryIndex: number;
  attributes: Record<string, string>;
  published: boolean;
  membersOnly: boolean;
  featuredRank: number | null;
  createdAt: Date;
  variants: VariantPlan[];
  images: ImagePlan[];
}

const FEATURED_COUNT = 16;
const DAY_MS = 86_400_000;

/**
 * Plans `count` products. Everything comes from `random`, so the same seed always gives the same
 * shop; only createdAt moves with `now`, so the shop always looks like it opened a year ago.
 */
export function planProducts(count: number, random: Random, now = new Date()): ProductPlan[] {
  const categoryWeights = catalogue.map((category) => category.weight);
  const slugCounts = new Map<string, number>();
  const plans: ProductPlan[] = [];

  for (let index = 0; index < count; index++) {
    const categoryIndex = random.weighted(categoryWeights);
    const category = catalogue[categoryIndex] as CategorySeed;
    const subCategoryIndex = random.int(0, category.subCategories.length - 1);
    const sub = category.subCategories[subCategoryIndex] as SubCategorySeed;
    const brandIndex = pickBrand(random, category.slug);
    const brand = brandSeeds[brandIndex] as (typeof brandSeeds)[number];

    const name = `${random.pick(modelWords)} ${random.pick(lineWords)} ${random.pick(tierWords)} ${sub.noun}`;
    const attributes = pickAttributes(random, { ...category.attributes, ...sub.attributes });
    const colours = random.sample(palette, 1 + random.weighted([30, 35, 25, 10]));

    plans.push({
      slug: uniqueSlug(slugCounts, slugify(name)),
      name,
      description: describe(random, category.slug, { name, brand: brand.name, noun: sub.noun.toLowerCase(), ...attributes }),
      brandIndex,
      categoryIndex,
      subCategoryIndex,
      attributes,
      published: !random.chance(0.02),
      membersOnly: random.chance(0.05),
      featuredRank: null,
      createdAt: new Date(Math.floor((now.getTime() - random.next() * 365 * DAY_MS) / 1000) * 1000),
      variants: withMemberPrices(
        index,
        planVariants(random, `${brand.code}-${String(index + 1).padStart(6, "0")}`, sub, colours),
      ),
      images: planImages(random, { name, sub, attributes }, colours),
    });
  }

  // The home page shows featured products to everyone, so only public ones qualify.
  const eligible = plans.filter((plan) => plan.published && !plan.membersOnly);
  random.sample(eligible, FEATURED_COUNT).forEach((plan, rank) => (plan.featuredRank = rank + 1));
  return plans;
}

/** Most products come from brands known for the category; some from anyone, as in real shops. */
function pickBrand(random: Random, categorySlug: string): number {
  const specialists = brandSeeds.flatMap((brand, i) => (brand.focus.includes(categorySlug) ? [i] : []));
  if (specialists.length > 0 && random.chance(0.75)) return random.pick(specialists);
  return random.int(0, brandSeeds.length - 1);
}

function pickAttributes(random: Random, choices: AttributeChoices): Record<string, string> {
  return Object.fromEntries(Object.entries(choices).map(([key, values]) => [key, random.pick(values)]));
}

function planVariants(random: Random, skuPrefix: string, sub: SubCategorySeed, colours: readonly Colour[]): VariantPlan[] {
  const price = endIn99(random.int(sub.price[0], sub.price[1]));
  const compareAtPrice = random.chance(0.2) ? endIn99(price * (1.15 + random.next() * 0.25)) : null;
  const soldOut = random.chance(0.08);
  return colours.flatMap((colour) =>
    sub.sizes.map((size) => ({
      sku: `${skuPrefix}-${colour.code}-${sizeCode(size)}`,
      size,
      colour,
      stock: soldOut ? 0 : stockLevel(random),
      price,
      compareAtPrice,
      memberPrice: null,
    })),
  );
}

/** Every fifth product, from the second on, has a member price of its own. */
const MEMBER_PRICE_EVERY = 5;

/**
 * Gives some products a member price of their own (about 15 % off, ending in 99; ADR 41), decided
 * by the product's place in the plan rather than by `random`, so that the rest of the demo shop
 * stays what the same seed always made.
 */
function withMemberPrices(index: number, variants: VariantPlan[]): VariantPlan[] {
  if (index % MEMBER_PRICE_EVERY !== 1) return variants;
  return variants.map((variant) => {
    const memberPrice = endIn99(variant.price * 0.85);
    return memberPrice < variant.price ? { ...variant, memberPrice } : variant;
  });
}

/** Mostly healthy stock, with some sizes sold out and some down to their last few. */
function stockLevel(random: Random): number {
  const roll = random.next();
  if (roll < 0.07) return 0;
  if (roll < 0.2) return random.int(1, 3);
  return random.int(4, 40);
}

/** Shop prices end in 99; rounding up keeps a sale's original price above the sale price. */
function endIn99(amount: number): number {
  return Math.floor(amount / 100) * 100 + 99;
}

function sizeCode(size: string): string {
  return size === "One size" ? "OS" : size.replace(/^EU /, "").toUpperCase();
}

/**
 * The pictures of each colour, colour by colour, so the gallery can show the chosen colour's
 * (ADR 80). A glove: its first colour from the back of the hand, the palm and the side, every other
 * colour from the back and the palm. Anything else: each colour from the front. Only gloves get
 * more views: each view of each colour is a file to render at the first start, and the first
 * start must stay within its time (ADR 80).
 */
function planImages(
  random: Random,
  product: { name: string; sub: SubCategorySeed; attributes: Record<string, string> },
  colours: readonly Colour[],
): ImagePlan[] {
  const { name, sub, attributes } = product;
  // Drawn as before (it chose how many pictures), so the rest of the demo shop stays what the same seed always made.
  random.int(1, 3);
  if (sub.drawing === "glove") {
    const cut = gloveCutOf(attributes.cut, sub.slug);
    return colours.flatMap((colour, i) =>
      GLOVE_VIEWS.slice(0, i === 0 ? 3 : 2).map((view) => ({
        kind: "glove" as const,
        cut,
        colour,
        view,
        alt: `${name} in ${colour.name}${gloveViewWords[view]}`,
      })),
    );
  }
  const drawing = sub.drawing === "jersey-long" && attributes.sleeve === "Short" ? "jersey-short" : sub.drawing;
  return colours.map((colour) => ({
    kind: "product" as const,
    drawing,
    colour,
    view: "front" as const,
    alt: `${name} in ${colour.name}`,
  }));
}

const gloveViewWords = { front: ", back of the hand", palm: ", palm", side: ", side view" } as const;

/** An opener, one or two sentences about its attributes, and sometimes a closing line. */
function describe(random: Random, categorySlug: string, values: Record<string, string>): string {
  const usable = (templates: readonly string[]) =>
    templates.filter((template) => placeholders(template).every((key) => key in values));
  const sentences = [random.pick(usable(openers[categorySlug] ?? [])), ...random.sample(usable(features), random.int(1, 2))];
  if (sentences.length < 2 || random.chance(0.6)) sentences.push(random.pick(closers));
  return sentences.map((template) => fill(template, values)).join(" ");
}

const placeholder = /\{(\w+)(:lower)?\}/g;

function placeholders(template: string): string[] {
  return [...template.matchAll(placeholder)].map((match) => match[1] as string);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(placeholder, (_, key: string, lower?: string) => {
    const value = values[key] as string;
    return lower ? value.toLowerCase() : value;
  });
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Product names can repeat, slugs cannot: later namesakes get -2, -3, ... */
function uniqueSlug(counts: Map<string, number>, base: string): string {
  const seen = (counts.get(base) ?? 0) + 1;
  counts.set(base, seen);
  return seen === 1 ? base : `${base}-${seen}`;
}
