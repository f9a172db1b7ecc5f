import { and, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { orders, type Order, type OrderStatus } from "../../db/schema/index.ts";
import type { PaymentState } from "./shared.ts";

/*
 * What the back office reads of an order besides its plain columns (ADR 60): the payment state
 * follows from its status and what has been paid back; the buyer's name from its address
 * snapshot (JSON text; the delivery country and the name's words are generated columns, read out
 * of it by the database, for the list's filters and search).
 */

/** Statuses of an order that was paid and stands (a sale, ADR 60). */
export const SALE_STATUSES = ["paid", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

export function paymentStateOf(order: Pick<Order, "status" | "refunded">): PaymentState {
  switch (order.status) {
    case "awaiting_payment":
      return "unpaid";
    case "refunded":
      return "refunded";
    case "cancelled":
      return order.refunded > 0 ? "refunded" : "voided";
    default:
      return order.refunded > 0 ? "partially_refunded" : "paid";
  }
}

/** The orders in a payment state: the SQL of paymentStateOf. */
export function paymentStateWhere(state: PaymentState): SQL {
  switch (state) {
    case "unpaid":
      return eq(orders.status, "awaiting_payment");
    case "paid":
      return and(inArray(orders.status, SALE_STATUSES), eq(orders.refunded, 0))!;
    case "partially_refunded":
      return and(inArray(orders.status, SALE_STATUSES), gt(orders.refunded, 0))!;
    case "refunded":
      return or(eq(orders.status, "refunded"), and(eq(orders.status, "cancelled"), gt(orders.refunded, 0)))!;
    case "voided":
      return and(eq(orders.status, "cancelled"), eq(orders.refunded, 0))!;
  }
}

/** The address snapshot's fields the lists show, or nothing from text that is not JSON. */
export function snapshotOf(text: string | null): { name: string | null; country: string | null } {
  if (!text) return { name: null, country: null };
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const word = (key: string) => (typeof parsed[key] === "string" && parsed[key].trim() ? parsed[key].trim() : null);
    const name = [word("firstName"), word("lastName")].filter(Boolean).join(" ");
    const country = word("country");
    return { name: name || word("company"), country: country ? country.toUpperCase() : null };
  } catch {
    return { name: null, country: null };
  }
}

/** The buyer's name: the delivery address's, else the account's (an order of a membership alone has no address). */
export function customerNameOf(
  deliveryAddress: string | null,
  account: { firstName: string | null; lastName: string | null } | null,
): string | null {
  const fromAddress = snapshotOf(deliveryAddress).name;
  if (fromAddress) return fromAddress;
  const fromAccount = [account?.firstName?.trim(), account?.lastName?.trim()].filter(Boolean).join(" ");
  return fromAccount || null;
}

/**
 * The VAT an order keeps after refunds: a refund pays back VAT in proportion (ADR 60), so an
 * order refunded in part keeps that part of its VAT. Whole cents, rounded half up.
 */
export function keptVat(order: Pick<Order, "tax" | "total" | "refunded">): number {
  if (order.total <= 0) return 0;
  return Math.round((order.tax * (order.total - order.refunded)) / order.total);
}

/** keptVat in SQL (numeric, so no integer division), summed by the dashboard. */
export const keptVatSql: SQL<string> = sql`case when ${orders.total} > 0 then round(${orders.tax}::numeric * (${orders.total} - ${orders.refunded}) / ${orders.total}) else 0 end`;

/** Whether an order sends goods (not a membership alone, which has no delivery): to ship when paid. */
export function sendsGoodsOf(order: Pick<Order, "deliveryMethodName" | "shipping">): boolean {
  return order.deliveryMethodName !== null || order.shipping > 0;
}

/** sendsGoodsOf in SQL. */
export const sendsGoods: SQL = sql`(${orders.deliveryMethodName} is not null or ${orders.shipping} > 0)`;
