import { ORDER_ADDRESS_KEYS } from "../orders/shared.ts";

/*
 * What an erased customer's orders keep (ADR 61). The shop's books must keep the record of each
 * sale for the tax retention period (the Netherlands: 7 years, art. 52 AWR), and an invoice
 * names its buyer with their address (EU VAT directive art. 226). The order's address snapshot is
 * the address its confirmation (the customer's invoice) showed, so an order that was paid keeps
 * the buyer's name and postal address until its retention ends; everything else that identifies
 * the person goes at once: the e-mail address, the phone number, the client address it was
 * placed from, the tracking link. An order that never became a sale (cancelled unpaid), and any
 * order past its retention, keeps only the delivery country, which the shop's figures count by.
 */

/** Years the books keep a sale's record, counted from the end of the year it was made in. */
export const INVOICE_RETENTION_YEARS = 7;

/** The first moment an order placed at `placedAt` no longer has to be kept: 1 January after its year plus the retention. */
export function retainedUntil(placedAt: Date): Date {
  return new Date(Date.UTC(placedAt.getUTCFullYear() + 1 + INVOICE_RETENTION_YEARS, 0, 1));
}

/** What the invoice keeps of the address snapshot: the buyer's name, company and postal address; not the phone. */
export const INVOICE_ADDRESS_KEYS = ORDER_ADDRESS_KEYS.filter((key) => key !== "phone");

export interface OrderToErase {
  createdAt: Date;
  /** The order was paid at some time (whatever became of it since): an invoice was issued for it. */
  wasPaid: boolean;
  /** The address snapshot (JSON text); null for an order of a membership alone. */
  deliveryAddress: string | null;
}

/**
 * The address snapshot an erased buyer's order keeps (JSON text, or null for nothing). A paid
 * order of a membership alone has no address: its invoice named the account's holder, so it
 * keeps that name (`account`), read before the account is emptied.
 */
export function keptSnapshot(
  order: OrderToErase,
  account: { firstName: string | null; lastName: string | null },
  now: Date,
): string | null {
  const snapshot = parsed(order.deliveryAddress);
  if (order.wasPaid && now < retainedUntil(order.createdAt)) {
    if (order.deliveryAddress !== null) return pick(snapshot, INVOICE_ADDRESS_KEYS);
    const name = { firstName: account.firstName, lastName: account.lastName };
    return name.firstName || name.lastName ? pick(name, ["firstName", "lastName"]) : null;
  }
  return pick(snapshot, ["country"]);
}

function parsed(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The named string fields of `from` as JSON text; null when none has a value. */
function pick(from: Record<string, unknown>, keys: readonly string[]): string | null {
  const kept = Object.fromEntries(
    keys.flatMap((key) => (typeof from[key] === "string" && from[key] !== "" ? [[key, from[key]]] : [])),
  );
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
}
