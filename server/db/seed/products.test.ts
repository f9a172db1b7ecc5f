import { describe, expect, it } from "vitest";
import { planProducts, slugify } from "./products.ts";
import { createRandom } from "./random.ts";

describe("planProducts", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const plans = planProducts(2000, createRandom(1), now);
  const allVariants = plans.flatMap((plan) => plan.variants);

  it("plans the same shop from the same seed", () => {
    expect(planProducts(300, createRandom(1), now)).toEqual(planProducts(300, createRandom(1), now));
  });

  it("gives unique slugs and SKUs", () => {
    expect(new Set(plans.map((plan) => plan.slug)).size).toBe(plans.length);
    expect(new Set(allVariants.map((variant) => variant.sku)).size).toBe(allVariants.length);
  });

  it("prices end in 99 and sales are 15-40% off the original price, give or take rounding", () => {
    for (const variant of allVariants) {
      expect(variant.price % 100).toBe(99);
      if (variant.compareAtPrice === null) continue;
      expect(variant.compareAtPrice % 100).toBe(99);
      expect(variant.compareAtPrice).toBeGreaterThan(variant.price);
      expect(variant.compareAtPrice / variant.price).toBeLessThan(1.4 + 100 / variant.price);
    }
    const onSale = plans.filter((plan) => plan.variants[0]?.compareAtPrice !== null).length / plans.length;
    expect(onSale).toBeGreaterThan(0.15);
    expect(onSale).toBeLessThan(0.25);
  });

  it("sells out about 8% of products and leaves some sizes with only a few left", () => {
    const soldOut = plans.filter((plan) => plan.variants.every((variant) => variant.stock === 0)).length / plans.length;
    expect(soldOut).toBeGreaterThan(0.05);
    expect(soldOut).toBeLessThan(0.12);
    expect(allVariants.some((variant) => variant.stock >= 1 && variant.stock <= 3)).toBe(true);
  });

  it("features 16 public products ranked 1 to 16", () => {
    const featured = plans.filter((plan) => plan.featuredRank !== null);
    expect(featured.map((plan) => plan.featuredRank).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    for (const plan of featured) expect(plan.published && !plan.membersOnly).toBe(true);
  });

  it("writes descriptions of 2-4 sentences with every placeholder filled", () => {
    for (const plan of plans) {
      expect(plan.description).not.toMatch(/[{}]/);
      const sentences = plan.description.split(/(?<=[.!?])\s+/).length;
      expect(sentences).toBeGreaterThanOrEqual(2);
      expect(sentences).toBeLessThanOrEqual(4);
    }
  });

  it("spreads creation dates over the past year and pictures every colour (a glove's first colour from three sides)", () => {
    const yearAgo = now.getTime() - 366 * 86_400_000;
    for (const plan of plans) {
      expect(plan.createdAt.getTime()).toBeGreaterThan(yearAgo);
      expect(plan.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      const colours = [...new Set(plan.variants.map((variant) => variant.colour.name))];
      expect([...new Set(plan.images.map((image) => image.colour.name))]).toEqual(colours);
      if (plan.images[0]?.kind === "glove") {
        expect(plan.images.slice(0, 3).map((image) => image.view)).toEqual(["front", "palm", "side"]);
      }
    }
  });
});

describe("slugify", () => {
  it("lower-cases and hyphenates", () => {
    expect(slugify("Aero Grip Pro Match Glove")).toBe("aero-grip-pro-match-glove");
    expect(slugify("Keel & Post")).toBe("keel-and-post");
  });
});
