import { describe, expect, it } from "vitest";
import { median, roundOrder, shareByRound } from "./rounds.ts";

describe("median", () => {
  it("is the middle value of an odd count, whatever the order", () => {
    expect(median([5, 1, 4, 2, 3])).toBe(3);
  });

  it("is the mean of the two middle values of an even count", () => {
    expect(median([10, 40, 20, 30])).toBe(25);
  });

  it("is not a number when there is nothing to take it of", () => {
    expect(median([])).toBeNaN();
  });
});

describe("roundOrder", () => {
  const targets = ["floor", "ceiling", "home", "listing", "product"];

  it("measures the targets as listed in the first round, then rotates by one each round", () => {
    expect(roundOrder(targets, 0)).toEqual(["floor", "ceiling", "home", "listing", "product"]);
    expect(roundOrder(targets, 1)).toEqual(["ceiling", "home", "listing", "product", "floor"]);
    expect(roundOrder(targets, 7)).toEqual(roundOrder(targets, 2));
  });

  it("puts every target in every position once over as many rounds as targets", () => {
    const rounds = targets.map((_, round) => roundOrder(targets, round));
    for (const [position] of targets.entries()) {
      expect(new Set(rounds.map((order) => order[position]))).toEqual(new Set(targets));
    }
  });
});

describe("shareByRound", () => {
  it("divides the page's req/s by the floor's of the same round, so drift that slows both cancels", () => {
    // The machine slows to half in the middle round: the page's share stays at 50 %.
    const share = shareByRound([500, 250, 500], [1000, 500, 1000]);
    expect(share.byRound).toEqual([0.5, 0.5, 0.5]);
    expect(share.median).toBe(0.5);
  });

  it("takes the median of the rounds' shares, so one disturbed round does not move it", () => {
    // Round 2: the page ran while a neighbour left the machine alone, the floor while it did not.
    const share = shareByRound([400, 900, 420, 380, 410], [1000, 600, 1000, 950, 1000]);
    expect(share.byRound[1]).toBe(1.5);
    expect(share.median).toBe(0.41);
  });

  it("compares within rounds, not the medians of all rounds", () => {
    // Fast machine in two rounds, slow in three; in one slow round the page met a quiet moment.
    // Median page req/s over median floor req/s would say 125 %.
    expect(shareByRound([500, 500, 500, 200, 200], [1000, 1000, 400, 400, 400]).median).toBe(0.5);
  });

  it("counts a round in which the floor completed nothing as a share of 0", () => {
    expect(shareByRound([300, 300, 300], [0, 600, 600]).byRound).toEqual([0, 0.5, 0.5]);
  });

  it("refuses rounds that do not pair up", () => {
    expect(() => shareByRound([300, 300], [600])).toThrow(/same rounds/);
    expect(() => shareByRound([], [])).toThrow(/same rounds/);
  });
});
