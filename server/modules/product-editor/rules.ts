import { fractionDigits } from "../../lib/money.ts";
import { MAX_MAIN_UNITS } from "./amounts.ts";
import type { AccessChoice } from "./shared.ts";

/*
 * The product editor's rules for an option's prices and a product's status and access (ADR 63),
 * as pure functions: the editor's forms and the bulk edits (ADR 71) apply the same ones, so a
 * price or a status means one thing wherever it is changed.
 */

/** An option's three prices, in minor units; null: not set. */
export interface OptionPrices {
  price: number;
  compareAtPrice: number | null;
  memberPrice: number | null;
}

export type PriceField = keyof OptionPrices;

export const WAS_PRICE_NOT_ABOVE = "The was price must be above the price (it is what the option cost before the sale).";
export const MEMBER_PRICE_ABOVE = "The member price cannot be above the price.";

/** The largest price in minor units of `currency` (what an owner may type, ADR 63). */
export function largestPrice(currency: string): number {
  return MAX_MAIN_UNITS * 10 ** fractionDigits(currency);
}

/**
 * What is wrong with an option's prices, field by field: a was price (the sale's "before") must be
 * above the price, a member price at most the price; a price is never negative nor above the
 * largest one. Empty: they hold.
 */
export function optionPriceProblems(prices: OptionPrices, currency: string): { field: PriceField; message: string }[] {
  const problems: { field: PriceField; message: string }[] = [];
  if (prices.price < 0) problems.push({ field: "price", message: "A price cannot be negative." });
  if (prices.price > largestPrice(currency)) {
    problems.push({ field: "price", message: `A price cannot be above ${MAX_MAIN_UNITS}.` });
  }
  if (prices.compareAtPrice !== null && prices.compareAtPrice <= prices.price) {
    problems.push({ field: "compareAtPrice", message: WAS_PRICE_NOT_ABOVE });
  }
  if (prices.memberPrice !== null && prices.memberPrice > prices.price) {
    problems.push({ field: "memberPrice", message: MEMBER_PRICE_ABOVE });
  }
  return problems;
}

/** What a product's status reads and "publish now" writes. */
export interface PublishColumns {
  published: boolean;
  publishAt: Date | null;
}

/**
 * "Publish now": published from now on; a product already published at a moment past keeps that
 * moment as its publishing date (a scheduled one is published now).
 */
export function publishedNow(current: PublishColumns | null, now: Date): PublishColumns {
  const past = current?.published && current.publishAt && current.publishAt.getTime() <= now.getTime();
  return { published: true, publishAt: past ? current.publishAt : null };
}

/** "Keep as a draft": off the shop until published. */
export const DRAFT: Readonly<PublishColumns> = { published: false, publishAt: null };

/** Archiving: off the shop for good, kept for its orders (restored, it is a draft). */
export function archivedColumns(now: Date): PublishColumns & { archivedAt: Date } {
  return { archivedAt: now, published: false, publishAt: null };
}

export const ARCHIVED_STAYS_OFF = "An archived product goes back on the shop only after it is restored as a draft.";

/** Who may buy it (ADR 41) as columns: members only for good, or until `publicAt` (early access). */
export function accessColumns(access: AccessChoice, publicAt: Date | null): { membersOnly: boolean; publicAt: Date | null } {
  return { membersOnly: access !== "everyone", publicAt: access === "early" ? publicAt : null };
}
