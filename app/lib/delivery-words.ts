import { formatMoney } from "~/lib/money";

/**
 * What the product page and the bag say of delivery, from the delivery methods the shop has
 * (back office: Delivery; seed: checkout-defaults.ts). Pure, so pages and tests share it.
 */

/** What a product page says by its button: how long standard delivery to the shop's home country takes. */
export interface DeliveryEstimate {
  days: string;
  country: string;
  /** Standard delivery is free from this much of goods (minor units); null: never. */
  freeFrom: number | null;
}

/** A delivery method as these words need it (checkout's DeliveryOption has these fields). */
export interface DeliveryFacts {
  speed: "standard" | "express";
  listPrice: number;
  freeFrom: number | null;
  minDays: number;
  maxDays: number;
}

/**
 * Working days from an order to its dispatch. The delivery methods say how long the carrier
 * takes, not how long the shop takes to pack: until the back office has a setting for it, the
 * shop promises dispatch within one working day (ADR 81).
 */
export const DISPATCH_WORKING_DAYS = 1;

/** The standard method (else the first): the one the estimate and the free-delivery threshold speak of. */
export function standardMethod<T extends DeliveryFacts>(methods: readonly T[]): T | undefined {
  return methods.find((m) => m.speed === "standard") ?? methods[0];
}

/** "2–3 working days" from an order to the door by `method`, dispatch included. */
export function deliveryDays(method: DeliveryFacts): string {
  const min = method.minDays + DISPATCH_WORKING_DAYS;
  const max = Math.max(method.maxDays, method.minDays) + DISPATCH_WORKING_DAYS;
  return min === max ? `${min} working ${min === 1 ? "day" : "days"}` : `${min}–${max} working days`;
}

/** What the bag says of free delivery for `items` (minor units of goods). */
export type FreeDeliveryNote =
  | { kind: "member" }
  | { kind: "free"; from: number }
  | { kind: "short"; missing: number; from: number; progress: number }
  | { kind: "none" };

export function freeDeliveryNote(methods: readonly DeliveryFacts[], items: number, memberFree: boolean): FreeDeliveryNote {
  if (memberFree) return { kind: "member" };
  const from = standardMethod(methods)?.freeFrom ?? null;
  if (from === null) return { kind: "none" };
  if (items >= from) return { kind: "free", from };
  return { kind: "short", missing: from - items, from, progress: Math.max(0, Math.min(1, items / from)) };
}

/** The note in words: "€12.00 more for free delivery". */
export function freeDeliveryWords(note: FreeDeliveryNote, currency: string): string {
  switch (note.kind) {
    case "member":
      return "Your membership delivers for free.";
    case "free":
      return "Standard delivery is free for this bag.";
    case "short":
      return `${formatMoney(note.missing, currency)} more for free delivery`;
    case "none":
      return "This shop has no free-delivery threshold: delivery is worked out at checkout.";
  }
}
