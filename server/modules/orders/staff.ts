import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { orderEvents, orders, type Order, type OrderStatus } from "../../db/schema/index.ts";
import { afterCommit, withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { enqueueMail } from "../mail/jobs.ts";
import { orderCancelledMail, orderUpdateMail } from "./mails.ts";
import { releasePromo, releaseStock } from "./release.ts";
import { assertMove } from "./state-machine.ts";

/*
 * What staff do with an order (issue 11 §3, ADR 37): mark it paid, ship it, mark it delivered,
 * cancel it, refund it. Each is one transaction that locks the order, checks the move against the
 * state machine, writes the status, a history event and the buyer's mail (the outbox).
 */

export interface StaffDeps {
  siteName: string;
  orderLink: (number: string) => string;
  money: (minor: number, currency: string) => string;
  mailsWritten?: () => void;
}

const note = z.string().trim().max(500, "Use at most 500 characters for the note.").optional();
export const shipInput = z.object({
  carrier: z
    .string({ error: "Name the carrier." })
    .trim()
    .min(1, "Name the carrier.")
    .max(80, "Use at most 80 characters for the carrier."),
  trackingUrl: z
    .url({ protocol: /^https$/, error: "Give the parcel's tracking link (https)." })
    .max(500, "The tracking link is too long.")
    .optional(),
  note,
});
export const noteInput = z.object({ note });
export const refundInput = z.object({
  /** Minor units; absent: everything not yet refunded. */
  amount: z.coerce
    .number({ error: "The amount is a whole number of cents." })
    .int("The amount is a whole number of cents.")
    .min(1, "Refund at least 1 cent.")
    .optional(),
  note,
});

async function lockOrder(db: Db, number: unknown): Promise<Order> {
  const parsed = z
    .string()
    .regex(/^KS-\d{1,12}$/)
    .safeParse(number);
  const [order] = parsed.success ? await db.select().from(orders).where(eq(orders.number, parsed.data)).for("update") : [];
  if (!order) throw new ShopError("ORDER_NOT_FOUND", "Order not found.");
  return order;
}

async function move(db: Db, order: Order, to: OrderStatus, changes: Partial<Order>, eventNote: string | null) {
  assertMove(order.number, order.status, to);
  const [moved] = await db
    .update(orders)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  await db.insert(orderEvents).values({ orderId: order.id, status: to, note: eventNote });
  return moved!;
}

export function createStaffOperations(deps: StaffDeps) {
  const run = <T>(scope: Scope, work: (db: Db) => Promise<T>) =>
    withTransaction(scope, async (tx) => {
      const result = await work(tx.db);
      if (deps.mailsWritten) afterCommit(tx, deps.mailsWritten);
      return result;
    });
  const mail = (order: Order, kind: "paid" | "shipped" | "refunded", extra: { amount?: number } = {}) =>
    orderUpdateMail({
      siteName: deps.siteName,
      to: order.email,
      number: order.number,
      kind,
      link: deps.orderLink(order.number),
      amount: extra.amount === undefined ? undefined : deps.money(extra.amount, order.currency),
      carrier: order.carrier,
      trackingUrl: order.trackingUrl,
    });

  return {
    /** The payment arrived (a bank transfer seen on the account): the reservation ends, packing starts. */
    markPaid: (scope: Scope, number: unknown, raw: unknown = {}) =>
      run(scope, async (db) => {
        const input = parseInput(noteInput, raw);
        const order = await move(
          db,
          await lockOrder(db, number),
          "paid",
          { reservedUntil: null },
          input.note ?? "Payment received",
        );
        await enqueueMail(db, mail(order, "paid"));
        return order;
      }),

    ship: (scope: Scope, number: unknown, raw: unknown) =>
      run(scope, async (db) => {
        const input = parseInput(shipInput, raw);
        const changes = { carrier: input.carrier, trackingUrl: input.trackingUrl ?? null };
        const order = await move(db, await lockOrder(db, number), "shipped", changes, input.note ?? `Sent with ${input.carrier}`);
        await enqueueMail(db, mail(order, "shipped"));
        return order;
      }),

    markDelivered: (scope: Scope, number: unknown, raw: unknown = {}) =>
      run(scope, async (db) => {
        const input = parseInput(noteInput, raw);
        return move(db, await lockOrder(db, number), "delivered", {}, input.note ?? null);
      }),

    /** Cancels an unpaid or paid, unshipped order: the stock goes back; what was paid is refunded. */
    cancel: (scope: Scope, number: unknown, raw: unknown = {}) =>
      run(scope, async (db) => {
        const input = parseInput(noteInput, raw);
        const before = await lockOrder(db, number);
        const paid = before.status === "paid";
        // What is paid back now: the rest of a paid order (a part may have been refunded before).
        const refundNow = paid ? before.total - before.refunded : 0;
        const order = await move(
          db,
          before,
          "cancelled",
          { reservedUntil: null, refunded: paid ? before.total : before.refunded },
          input.note ?? "Cancelled by the shop",
        );
        await releaseStock(db, order.id);
        await releasePromo(db, order);
        const reason =
          refundNow > 0
            ? `we have refunded the ${deps.money(refundNow, order.currency)} you paid.`
            : "you owe us nothing for it.";
        await enqueueMail(
          db,
          orderCancelledMail({
            siteName: deps.siteName,
            to: order.email,
            number: order.number,
            reason,
            link: deps.orderLink(order.number),
          }),
        );
        return order;
      }),

    /**
     * Pays back part or all of a paid order. The order becomes "refunded" once everything is paid
     * back; a partial refund keeps its status and records the amount in its history.
     */
    refund: (scope: Scope, number: unknown, raw: unknown = {}) =>
      run(scope, async (db) => {
        const input = parseInput(refundInput, raw);
        const order = await lockOrder(db, number);
        if (!["paid", "shipped", "delivered"].includes(order.status)) assertMove(order.number, order.status, "refunded");
        const left = order.total - order.refunded;
        const amount = input.amount ?? left;
        if (amount > left) {
          throw new ShopError("INVALID_INPUT", `At most ${deps.money(left, order.currency)} of this order is left to refund.`, {
            field: "amount",
          });
        }
        const refunded = order.refunded + amount;
        const eventNote = input.note ?? `Refunded ${deps.money(amount, order.currency)}`;
        let result: Order;
        if (refunded === order.total) {
          result = await move(db, order, "refunded", { refunded }, eventNote);
          // Refunded before it was sent: the items never left, so they go back on sale.
          if (order.status === "paid") {
            await releaseStock(db, order.id);
            await releasePromo(db, order);
          }
        } else {
          [result] = (await db
            .update(orders)
            .set({ refunded, updatedAt: sql`now()` })
            .where(eq(orders.id, order.id))
            .returning()) as [Order];
          await db.insert(orderEvents).values({ orderId: order.id, status: order.status, note: eventNote });
        }
        await enqueueMail(db, mail(result, "refunded", { amount }));
        return result;
      }),
  };
}

export type StaffOperations = ReturnType<typeof createStaffOperations>;
