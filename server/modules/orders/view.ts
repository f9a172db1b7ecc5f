import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderEvents, orderLines, orders, payments, type Order } from "../../db/schema/index.ts";
import { shownAddress } from "../customers/index.ts";
import type { BankDetails } from "./mails.ts";
import { BANK_TRANSFER, isCardOrder } from "../../db/schema/payment-methods.ts";
import { ORDER_ADDRESS_KEYS } from "./shared.ts";

/** An order as its buyer sees it (the shop API, the confirmation page). Money in minor units. */
export interface OrderView {
  number: string;
  status: Order["status"];
  email: string;
  currency: string;
  createdAt: string;
  lines: {
    /** The option ordered, while it exists: "Buy again" puts it back in the bag. */
    variantId: number | null;
    name: string;
    sku: string | null;
    size: string | null;
    colour: string | null;
    image: string | null;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
  }[];
  totals: {
    subtotal: number;
    /** What member prices took off the list prices, already out of the subtotal (ADR 41). */
    memberSavings: number;
    discount: number;
    delivery: number;
    tax: number;
    vatRate: number;
    total: number;
  };
  promoCode: string | null;
  deliveryMethod: { id: string | null; name: string | null };
  shippingAddress: OrderAddress | null;
  payment: {
    method: Order["paymentMethod"];
    /** For a bank transfer awaiting payment: where to pay, quoting what, by when. */
    transfer: (BankDetails & { reference: string; payBy: string | null }) | null;
    /** For a card payment awaiting payment: the provider's payment page, once opened, and until when it is open. */
    card: { url: string | null; payBy: string | null } | null;
  };
  history: { status: Order["status"]; note: string | null; at: string }[];
  carrier: string | null;
  trackingUrl: string | null;
}

/** The delivery address as it was when ordering, with its country's and province's names and its printed lines. */
export type OrderAddress = Record<(typeof ORDER_ADDRESS_KEYS)[number], string | null> & {
  countryName: string | null;
  provinceName: string | null;
  /** As the country's post writes it, one line per entry (formatAddress). */
  lines: string[];
};

/** The stored snapshot (JSON text), read field by field; one that cannot be read shows as none. */
export function orderAddress(text: string | null): OrderAddress | null {
  if (!text) return null;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const fields = Object.fromEntries(
    ORDER_ADDRESS_KEYS.map((key) => [key, typeof parsed[key] === "string" ? parsed[key] : null]),
  ) as Record<(typeof ORDER_ADDRESS_KEYS)[number], string | null>;
  return { ...fields, ...shownAddress(fields) };
}

/** The note of an order's first event, written when it is placed. */
export const PLACED_NOTE = "Order placed";

export async function orderView(db: Db, order: Order, bank: BankDetails): Promise<OrderView> {
  const [lines, history, page] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    awaitingCard(order)
      ? db
          .select({ url: payments.redirectUrl })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.status, "pending")))
      : [],
  ]);
  return viewOf(
    order,
    lines.map(orderLineView),
    history.map((event) => ({ status: event.status, note: event.note, at: event.createdAt.toISOString() })),
    bank,
    page[0]?.url ?? null,
  );
}

const awaitingCard = (order: Order) => isCardOrder(order) && order.status === "awaiting_payment";

/** A just placed order's view from what placing it wrote: no need to read it back. */
/** An order line as its buyer sees it, from the row stored (or being stored) for it. */
export function orderLineView(
  line: Pick<
    typeof orderLines.$inferInsert,
    "variantId" | "productName" | "sku" | "size" | "colour" | "image" | "quantity" | "unitPrice"
  >,
): OrderView["lines"][number] {
  return {
    variantId: line.variantId ?? null,
    name: line.productName,
    sku: line.sku ?? null,
    size: line.size ?? null,
    colour: line.colour ?? null,
    image: line.image ?? null,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.unitPrice * line.quantity,
  };
}

export function placedOrderView(
  order: Order,
  lines: OrderView["lines"],
  bank: BankDetails,
  paymentUrl: string | null = null,
): OrderView {
  return viewOf(order, lines, [{ status: order.status, note: PLACED_NOTE, at: order.createdAt.toISOString() }], bank, paymentUrl);
}

function viewOf(
  order: Order,
  lines: OrderView["lines"],
  history: OrderView["history"],
  bank: BankDetails,
  paymentUrl: string | null,
): OrderView {
  const awaitingTransfer = order.paymentMethod === BANK_TRANSFER && order.status === "awaiting_payment";
  return {
    number: order.number,
    status: order.status,
    email: order.email,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    lines,
    totals: {
      subtotal: order.subtotal,
      memberSavings: order.memberSavings,
      discount: order.discount,
      delivery: order.shipping,
      tax: order.tax,
      vatRate: order.vatRateBasisPoints / 100,
      total: order.total,
    },
    promoCode: order.promoCode,
    deliveryMethod: { id: order.deliveryMethodId, name: order.deliveryMethodName },
    shippingAddress: orderAddress(order.deliveryAddress),
    payment: {
      method: order.paymentMethod,
      transfer: awaitingTransfer
        ? { ...bank, reference: order.paymentReference ?? order.number, payBy: order.reservedUntil?.toISOString() ?? null }
        : null,
      card: awaitingCard(order) ? { url: paymentUrl, payBy: order.reservedUntil?.toISOString() ?? null } : null,
    },
    history,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
  };
}

/** A customer's order by its number; null for an unknown number or another customer's order. */
export async function customerOrder(db: Db, customerId: number, number: string): Promise<Order | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.userId, customerId)));
  return order ?? null;
}

/** A customer's orders, newest first. */
export async function customerOrders(db: Db, customerId: number, limit: number): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function orderByNumber(db: Db, number: string): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  return order ?? null;
}

/** A customer's order by its id (the account area's addresses use ids). */
export async function customerOrderById(db: Db, customerId: number, id: number): Promise<Order | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, customerId)));
  return order ?? null;
}
