import { describe, expect, it } from "vitest";
import { createRandom } from "./random.ts";

describe("createRandom", () => {
  it("gives the same sequence for the same seed and another for another seed", () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it("keeps whole numbers inside their bounds and reaches both ends", () => {
    const random = createRandom(7);
    const seen = new Set(Array.from({ length: 1000 }, () => random.int(3, 6)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it("samples distinct items, never more than there are", () => {
    const random = createRandom(1);
    const sample = random.sample(["a", "b", "c", "d"], 3);
    expect(new Set(sample).size).toBe(3);
    expect(random.sample(["a", "b"], 5)).toHaveLength(2);
  });

  it("picks by weight", () => {
    const random = createRandom(9);
    const hits = [0, 0];
    for (let i = 0; i < 2000; i++) hits[random.weighted([1, 3])]! += 1;
    expect(hits[1]! / 2000).toBeCloseTo(0.75, 1);
    expect(createRandom(9).weighted([0, 1])).toBe(1);
  });
});
