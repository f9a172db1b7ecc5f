import { describe, expect, test } from "vitest";
import { deliveryPrice, includedVat, priceOrder, promoDiscount } from "./quote.ts";

const standard = { price: 495, freeFrom: 5000 };

describe("an order's price", () => {
  test("items, discount, delivery and total; the VAT is what the total includes", () => {
    const totals = priceOrder({
      lines: [
        { unitPrice: 2999, quantity: 1 },
        { unitPrice: 1000, quantity: 2 },
      ],
      method: { price: 995, freeFrom: null },
      vatRateBasisPoints: 2100,
      promo: { kind: "percent", value: 1000 },
    });
    // 49.99 - 5.00 (10 % rounded) + 9.95 = 54.94, of which 21/121 is VAT: 9.535... -> 9.54.
    expect(totals).toEqual({
      subtotal: 4999,
      memberSavings: 0,
      discount: 500,
      delivery: 995,
      total: 5494,
      tax: 954,
      vatRateBasisPoints: 2100,
    });
  });

  test("member prices: the subtotal is what the member pays; what they saved is told apart", () => {
    const totals = priceOrder({
      lines: [
        { unitPrice: 4499, listPrice: 4999, quantity: 2 },
        { unitPrice: 1000, quantity: 1 },
      ],
      method: null,
      vatRateBasisPoints: 0,
      promo: null,
    });
    expect(totals).toMatchObject({ subtotal: 9998, memberSavings: 1000, total: 9998 });
  });

  test("a plan's free delivery makes standard methods free, not express ones (ADR 41)", () => {
    const express = { price: 1495, freeFrom: null, speed: "express" as const };
    const standardMethod = { ...standard, speed: "standard" as const };
    expect(deliveryPrice(standardMethod, 100, true)).toBe(0);
    expect(deliveryPrice(standardMethod, 100, false)).toBe(495);
    expect(deliveryPrice(express, 100, true)).toBe(1495);
    const totals = priceOrder({
      lines: [{ unitPrice: 1000, quantity: 1 }],
      method: standardMethod,
      vatRateBasisPoints: 0,
      promo: null,
      freeDelivery: true,
    });
    expect(totals).toMatchObject({ delivery: 0, total: 1000 });
  });

  test("standard delivery is free from its threshold, counted after the discount", () => {
    expect(deliveryPrice(standard, 5000)).toBe(0);
    expect(deliveryPrice(standard, 4999)).toBe(495);
    const totals = priceOrder({
      lines: [{ unitPrice: 5200, quantity: 1 }],
      method: standard,
      vatRateBasisPoints: 0,
      promo: { kind: "amount", value: 500 },
    });
    expect(totals).toMatchObject({ discount: 500, delivery: 495, total: 5195, tax: 0 });
  });

  test("a promo never takes off more than the items", () => {
    expect(promoDiscount({ kind: "amount", value: 2000 }, 1500)).toBe(1500);
    expect(promoDiscount({ kind: "percent", value: 10_000 }, 1500)).toBe(1500);
    expect(promoDiscount(null, 1500)).toBe(0);
  });

  test("VAT included at other rates", () => {
    expect(includedVat(12_100, 2100)).toBe(2100);
    expect(includedVat(10_810, 810)).toBe(810);
    expect(includedVat(999, 0)).toBe(0);
  });
});
