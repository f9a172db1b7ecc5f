import { and, asc, eq, sql } from "drizzle-orm";
import {
  mailJobs,
  membershipPlans,
  orderEvents,
  orderLines,
  orders,
  payments,
  users,
  type Order,
} from "../../db/schema/index.ts";
import type { Db } from "../../db/client.ts";
import type { Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { canMove, isCardOrder, orderAddress, STATUS_WORDS, versionOf, type OrderAddress } from "../orders/index.ts";
import { daysLeft } from "./days.ts";
import { customerNameOf, paymentStateOf, sendsGoodsOf } from "./order-facts.ts";
import { orderNumberInput } from "./schemas.ts";
import type { OrderAction, PaymentState } from "./shared.ts";

/** An order as the back office's order page shows it (issue 24 §4). Money in minor units of `currency`. */
export interface OrderDetail {
  number: string;
  status: Order["status"];
  statusWords: string;
  placedAt: string;
  updatedAt: string;
  /**
   * The order's version: an action form carries it, and the action refuses (409) when the order
   * changed since the page was read (orderVersion answers the current one).
   */
  version: string;
  currency: string;
  customer: {
    /** The account (/admin/customers/{id}); null for a guest. */
    id: number | null;
    name: string | null;
    email: string;
    username: string | null;
  };
  lines: {
    productId: number | null;
    variantId: number | null;
    name: string;
    productSlug: string | null;
    categorySlug: string | null;
    sku: string | null;
    size: string | null;
    colour: string | null;
    image: string | null;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    /** The line's VAT rate: the order's one rate today (see totals.vatByRate). */
    vatRatePercent: number;
  }[];
  totals: {
    subtotal: number;
    memberSavings: number;
    discount: number;
    promoCode: string | null;
    delivery: number;
    total: number;
    /** The VAT the total includes. */
    vat: number;
    totalExVat: number;
    /** Per rate: the order has one rate today (the delivery country's), lines and delivery alike. */
    vatByRate: { rateBasisPoints: number; ratePercent: number; net: number; vat: number; gross: number }[];
    refunded: number;
    /** What may still be refunded (0 when the order cannot be refunded). */
    refundable: number;
  };
  delivery: {
    /** False for an order of a membership alone (nothing to send). */
    sendsGoods: boolean;
    methodId: string | null;
    methodName: string | null;
    address: OrderAddress | null;
    carrier: string | null;
    trackingUrl: string | null;
  };
  payment: {
    method: Order["paymentMethod"];
    state: PaymentState;
    /** What a bank transfer must quote. */
    reference: string | null;
    /** An unpaid order's hold: until when its stock is kept (ISO), and whole days left. */
    holdUntil: string | null;
    daysLeft: number | null;
    /** The provider's payment attempts (card orders), oldest first. */
    attempts: {
      status: (typeof payments.$inferSelect)["status"];
      amount: number;
      currency: string;
      /** The Checkout Session's id. */
      providerRef: string | null;
      /** The charge's id: what refunds name. */
      providerPaymentRef: string | null;
      createdAt: string;
      updatedAt: string;
    }[];
    /** The history entries that record money paid back (there is no refunds table: ADR 60). */
    refunds: { amount: number | null; note: string; at: string }[];
    /** A held payment (mismatch) or a refund the provider still owes: the page flags it. */
    attention: "mismatch" | "refund_owed" | null;
  };
  /** The membership plan the order buys, if any. */
  membership: { planId: number; planName: string; months: number | null } | null;
  history: { status: Order["status"]; statusWords: string; note: string | null; at: string }[];
  /** The mails written to the outbox for the order (to its address, naming its number), oldest first. */
  mails: {
    id: number;
    to: string;
    subject: string;
    queuedAt: string;
    sentAt: string | null;
    /** sent; queued (waiting for its first or next try); failing (tried, not sent yet). */
    state: "sent" | "queued" | "failing";
    attempts: number;
    lastError: string | null;
  }[];
  /** What the state machine and the order's payment allow now: the page offers only these. */
  allowedActions: OrderAction[];
}

export interface OrderDetailOptions {
  /** Whether card payments can be refunded now (the payment provider is set up). */
  cardPayments: boolean;
}

const orderNotFound = () => new ShopError("ORDER_NOT_FOUND", "Order not found.");

/** "€12.50" or "12.50" in a refund note, as cents; null when the note names no amount. */
function amountIn(note: string): number | null {
  const match = /(\d[\d,]*)\.(\d{2})/.exec(note);
  return match ? Number(match[1]!.replaceAll(",", "")) * 100 + Number(match[2]) : null;
}

/** Which actions the order allows now (ADR 60): the state machine's moves, narrowed by what the order is. */
export function allowedActions(
  order: Pick<Order, "status" | "paymentMethod" | "total" | "refunded" | "deliveryMethodName" | "shipping">,
  facts: { mails: number; cardPayments: boolean },
): OrderAction[] {
  const card = isCardOrder(order);
  const goods = sendsGoodsOf(order);
  const actions: OrderAction[] = [];
  // A card order is marked paid by its provider; a held payment is settled by cancelling it.
  if (order.status === "awaiting_payment" && !card && canMove(order.status, "paid")) actions.push("markPaid");
  if (canMove(order.status, "shipped") && goods) actions.push("ship");
  if (canMove(order.status, "delivered")) actions.push("markDelivered");
  // A paid card order is cancelled by refunding it at the provider: not without one.
  if (canMove(order.status, "cancelled") && (!card || order.status === "awaiting_payment" || facts.cardPayments))
    actions.push("cancel");
  if (canMove(order.status, "refunded") && order.refunded < order.total && (!card || facts.cardPayments)) actions.push("refund");
  if (facts.mails > 0) actions.push("resendMail");
  actions.push("addNote");
  return actions;
}

/** The back office's order page (issue 24 §4): everything about one order, and what may be done to it now. */
export async function orderDetail(scope: Scope, rawNumber: unknown, options: OrderDetailOptions): Promise<OrderDetail> {
  const parsed = orderNumberInput.safeParse(rawNumber);
  if (!parsed.success) throw orderNotFound();
  const { db } = scope;
  const [found] = await db
    .select({
      order: orders,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      plan: membershipPlans.name,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(membershipPlans, eq(membershipPlans.id, orders.membershipPlanId))
    .where(eq(orders.number, parsed.data));
  if (!found) throw orderNotFound();
  const { order } = found;
  const [lines, history, attempts, mails] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    orderMails(db, order),
  ]);
  const now = new Date();
  const held = attempts.some((attempt) => attempt.status === "mismatch");
  const owed =
    order.status === "cancelled" && order.refunded < order.total && attempts.some((attempt) => attempt.status === "paid");
  const actions = allowedActions(order, { mails: mails.length, cardPayments: options.cardPayments });
  const net = order.total - order.tax;
  return {
    number: order.number,
    status: order.status,
    statusWords: STATUS_WORDS[order.status],
    placedAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    version: versionOf(order, history.at(-1)?.id ?? null),
    currency: order.currency,
    customer: {
      id: order.userId,
      name: customerNameOf(order.deliveryAddress, found),
      email: order.email,
      username: found.username,
    },
    lines: lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      name: line.productName,
      productSlug: line.productSlug,
      categorySlug: line.categorySlug,
      sku: line.sku,
      size: line.size,
      colour: line.colour,
      image: line.image,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.unitPrice * line.quantity,
      vatRatePercent: order.vatRateBasisPoints / 100,
    })),
    totals: {
      subtotal: order.subtotal,
      memberSavings: order.memberSavings,
      discount: order.discount,
      promoCode: order.promoCode,
      delivery: order.shipping,
      total: order.total,
      vat: order.tax,
      totalExVat: net,
      vatByRate: [
        {
          rateBasisPoints: order.vatRateBasisPoints,
          ratePercent: order.vatRateBasisPoints / 100,
          net,
          vat: order.tax,
          gross: order.total,
        },
      ],
      refunded: order.refunded,
      refundable: actions.includes("refund") ? order.total - order.refunded : 0,
    },
    delivery: {
      sendsGoods: sendsGoodsOf(order),
      methodId: order.deliveryMethodId,
      methodName: order.deliveryMethodName,
      address: orderAddress(order.deliveryAddress),
      carrier: order.carrier,
      trackingUrl: order.trackingUrl,
    },
    payment: {
      method: order.paymentMethod,
      state: paymentStateOf(order),
      reference: isCardOrder(order) ? null : (order.paymentReference ?? order.number),
      holdUntil: order.status === "awaiting_payment" ? (order.reservedUntil?.toISOString() ?? null) : null,
      daysLeft: order.status === "awaiting_payment" ? daysLeft(order.reservedUntil, now) : null,
      attempts: attempts.map((attempt) => ({
        status: attempt.status,
        amount: attempt.amount,
        currency: attempt.currency,
        providerRef: attempt.providerRef,
        providerPaymentRef: attempt.providerPaymentRef,
        createdAt: attempt.createdAt.toISOString(),
        updatedAt: attempt.updatedAt.toISOString(),
      })),
      refunds: history
        .filter((event) => event.note !== null && /refund/i.test(event.note))
        .map((event) => ({ amount: amountIn(event.note!), note: event.note!, at: event.createdAt.toISOString() })),
      attention: held ? "mismatch" : owed ? "refund_owed" : null,
    },
    membership:
      order.membershipPlanId !== null
        ? { planId: order.membershipPlanId, planName: found.plan ?? "", months: order.membershipMonths }
        : null,
    history: history.map((event) => ({
      status: event.status,
      statusWords: STATUS_WORDS[event.status],
      note: event.note,
      at: event.createdAt.toISOString(),
    })),
    mails,
    allowedActions: actions,
  };
}

/**
 * The order's mails. The outbox names no order, so they are the mails to the order's address
 * whose subject names its number as a whole word (every order mail does: "Your order KS-100001
 * ..."); the number is never reused (ADR 60).
 */
async function orderMails(db: Db, order: Order): Promise<OrderDetail["mails"]> {
  const rows = await db
    .select()
    .from(mailJobs)
    .where(and(eq(mailJobs.to, order.email), sql`${mailJobs.subject} ~ ${`(^|[^A-Za-z0-9-])${order.number}([^0-9]|$)`}`))
    .orderBy(asc(mailJobs.id));
  return rows.map((mail) => ({
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    queuedAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt?.toISOString() ?? null,
    state: mail.sentAt ? "sent" : mail.attempts > 0 ? "failing" : "queued",
    attempts: mail.attempts,
    lastError: mail.lastError,
  }));
}
