import { describe, expect, test } from "vitest";
import { discounted, memberPriceOf, membersPay, priceRuleKey, unitPriceFor } from "./member-price.ts";

describe("a plan's discount", () => {
  test("takes basis points off the price, rounded to the minor unit, half up", () => {
    expect(discounted(4999, 1000)).toBe(4499); // 4499.1
    expect(discounted(4995, 1000)).toBe(4496); // 4495.5 rounds up
    expect(discounted(4985, 1000)).toBe(4487); // 4486.5 rounds up
    expect(discounted(101, 250)).toBe(98); // 98.475
    expect(discounted(1, 5000)).toBe(1); // 0.5 rounds up
    expect(discounted(4999, 0)).toBe(4999);
    expect(discounted(4999, 10_000)).toBe(0);
  });

  test("out-of-range discounts are held to 0 to 100 %", () => {
    expect(discounted(1000, -500)).toBe(1000);
    expect(discounted(1000, 20_000)).toBe(0);
  });
});

describe("an option's member price", () => {
  test("the lower of its own member price and the plan's discount", () => {
    expect(memberPriceOf({ price: 5000, memberPrice: 4800 }, 1000)).toBe(4500);
    expect(memberPriceOf({ price: 5000, memberPrice: 4000 }, 1000)).toBe(4000);
    expect(memberPriceOf({ price: 5000, memberPrice: 4800 }, 0)).toBe(4800);
  });

  test("without one, the plan's discount off the list price (sale prices included)", () => {
    expect(memberPriceOf({ price: 5000, memberPrice: null }, 1000)).toBe(4500);
    expect(memberPriceOf({ price: 5000 }, 0)).toBe(5000);
  });

  test("never above the list price, even if the data says so", () => {
    expect(memberPriceOf({ price: 5000, memberPrice: 6000 }, 0)).toBe(5000);
  });
});

describe("what a viewer pays and is shown", () => {
  const member = { member: true, discountBasisPoints: 1000 };
  const freeMember = { member: true, discountBasisPoints: 0 };
  // A non-member's rule carries the best published plan's discount, to say what members pay.
  const guest = { member: false, discountBasisPoints: 1000 };

  test("members pay their member price; others the list price", () => {
    expect(unitPriceFor(member, { price: 5000, memberPrice: null })).toBe(4500);
    expect(unitPriceFor(freeMember, { price: 5000, memberPrice: 4200 })).toBe(4200);
    expect(unitPriceFor(freeMember, { price: 5000, memberPrice: null })).toBe(5000);
    expect(unitPriceFor(guest, { price: 5000, memberPrice: 4200 })).toBe(5000);
  });

  test("'Members pay X': the option's member price, else the best plan's discount; never for members", () => {
    expect(membersPay(guest, { price: 5000, memberPrice: 4200 })).toBe(4200);
    expect(membersPay(guest, { price: 5000, memberPrice: null })).toBe(4500);
    expect(membersPay({ member: false, discountBasisPoints: 0 }, { price: 5000, memberPrice: null })).toBeNull();
    // The best plan's discount beats an own member price above it.
    expect(membersPay(guest, { price: 5000, memberPrice: 4800 })).toBe(4500);
    expect(membersPay(guest, { price: 5000, memberPrice: 5000 })).toBe(4500);
    expect(membersPay({ member: false, discountBasisPoints: 0 }, { price: 5000, memberPrice: 5000 })).toBeNull();
    expect(membersPay(member, { price: 5000, memberPrice: 4200 })).toBeNull();
  });

  test("rules that show different prices have different cache keys", () => {
    const keys = [member, freeMember, guest, { member: false, discountBasisPoints: 0 }].map(priceRuleKey);
    expect(new Set(keys).size).toBe(4);
  });
});
