import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Order } from "../../db/schema/index.ts";
import { afterCommit, withTransaction, type Scope } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { diffFields, isStaffScope, recordAudit } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { cancellationOf, updateOf } from "./order-mails.ts";
import { isCardOrder } from "../../db/schema/payment-methods.ts";
import { assertMove } from "./state-machine.ts";
import { addInternalNote, resendLastMail } from "./staff-notes.ts";
import { whenCurrent } from "./version.ts";
import type { StaffScope } from "../audit/index.ts";
import { cancelOrder, lockOrder, move, recordRefund } from "./transitions.ts";

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

/** A card payment is paid back by its provider first (payments module): never recorded without it. */
const cardNotRefunded = () =>
  new ShopError("PROVIDER_UNAVAILABLE", "A card payment is refunded through the payment provider, which is not set up now.");

/** What the payment provider says has been refunded of an order by now (card payments). */
export interface Settled {
  refundedTotal: number;
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
const AMOUNT_FORMS =
  'Give the amount as a whole number of cents (1250) or as a decimal text with at most two decimals ("12.50").';
/** "12.50", "12.5", "12": an amount in the currency's main unit, read exactly (no floating point). */
const DECIMAL_AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * A refund's amount in minor units (cents), from a JSON whole number of cents or a decimal text
 * in the currency's main unit. Nothing else is read as a number (issue 22 §7): z.coerce took
 * `true` and `[1]` for 1 cent, and "" for none.
 */
export const refundAmount = z.unknown().transform((value, context) => {
  let cents: number | null = null;
  if (typeof value === "number" && Number.isSafeInteger(value)) cents = value;
  else if (typeof value === "string") {
    const match = DECIMAL_AMOUNT.exec(value.trim());
    if (match) cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  }
  if (cents === null) {
    context.addIssue({ code: "custom", message: AMOUNT_FORMS });
    return z.NEVER;
  }
  if (cents < 1) {
    context.addIssue({ code: "custom", message: "Refund at least 1 cent." });
    return z.NEVER;
  }
  return cents;
});

export const refundInput = z.object({
  /** Minor units; absent: everything not yet refunded. */
  amount: refundAmount.optional(),
  note,
});

export function createStaffOperations(deps: StaffDeps) {
  // One transaction per operation: the order's change, its mail and, when staff made it (the back
  // office, the staff API), its audit entry (ADR 58) commit together.
  const run = (scope: Scope, action: string, work: (db: Db) => Promise<{ before: Order; after: Order }>) =>
    withTransaction(scope, async (tx) => {
      const { before, after } = await work(tx.db);
      if (isStaffScope(tx) && after !== before) {
        await recordAudit(tx, {
          action: `order.${action}`,
          entityType: "order",
          entityId: after.number,
          changes: diffFields(before, after, AUDITED_FIELDS),
        });
      }
      if (deps.mailsWritten) afterCommit(tx, deps.mailsWritten);
      return after;
    });
  const mail = (order: Order, kind: "paid" | "shipped" | "refunded", extra: { amount?: number } = {}) =>
    updateOf(deps, order, kind, extra.amount === undefined ? undefined : deps.money(extra.amount, order.currency));

  return {
    /** Runs a staff form's change only while the order is at the version the form was read at (else STALE_VERSION). */
    whenCurrent,
    /** An internal note on the order, for staff only (an audit entry of the order). */
    addNote: (scope: StaffScope, number: unknown, raw: unknown) => addInternalNote(scope, number, raw),
    /** The order's newest mail, sent again. */
    resendLastMail: (scope: StaffScope, number: unknown) => resendLastMail(scope, number, deps.mailsWritten),
    /** The payment arrived (a bank transfer seen on the account): the reservation ends, packing starts. */
    markPaid: (scope: Scope, number: unknown, raw: unknown = {}) =>
      run(scope, "paid", async (db) => {
        const input = parseInput(noteInput, raw);
        const before = await lockOrder(db, number);
        // A card payment is told by the provider (its webhook), which also records what to refund.
        if (isCardOrder(before)) {
          throw new ShopError(
            "INVALID_TRANSITION",
            `Order ${before.number} is paid by card: the payment provider marks it paid.`,
          );
        }
        const order = await move(db, before, "paid", { reservedUntil: null }, input.note ?? "Payment received");
        await enqueueMail(db, mail(order, "paid"));
        return { before, after: order };
      }),

    ship: (scope: Scope, number: unknown, raw: unknown) =>
      run(scope, "shipped", async (db) => {
        const input = parseInput(shipInput, raw);
        const changes = { carrier: input.carrier, trackingUrl: input.trackingUrl ?? null };
        const before = await lockOrder(db, number);
        const order = await move(db, before, "shipped", changes, input.note ?? `Sent with ${input.carrier}`);
        await enqueueMail(db, mail(order, "shipped"));
        return { before, after: order };
      }),

    markDelivered: (scope: Scope, number: unknown, raw: unknown = {}) =>
      run(scope, "delivered", async (db) => {
        const input = parseInput(noteInput, raw);
        const before = await lockOrder(db, number);
        return { before, after: await move(db, before, "delivered", {}, input.note ?? null) };
      }),

    /**
     * Cancels an unpaid or paid, unshipped order: the stock goes back; what was paid is refunded.
     * A paid card order is cancelled with `refundPending` by the payments module, which refunds it
     * at the provider next and records what the provider says.
     */
    cancel: (scope: Scope, number: unknown, raw: unknown = {}, options: { refundPending?: boolean } = {}) =>
      run(scope, "cancelled", async (db) => {
        const input = parseInput(noteInput, raw);
        const before = await lockOrder(db, number);
        const paid = before.status === "paid";
        if (paid && isCardOrder(before) && !options.refundPending) throw cardNotRefunded();
        // What is paid back: the rest of a paid order (a part may have been refunded before).
        const owed = paid ? before.total - before.refunded : 0;
        const refundedNow = options.refundPending ? 0 : owed;
        const order = await cancelOrder(db, before, input.note ?? "Cancelled by the shop", before.refunded + refundedNow);
        const reason =
          owed === 0
            ? "you owe us nothing for it."
            : options.refundPending
              ? `we are refunding the ${deps.money(owed, order.currency)} you paid; it reaches your account within a few working days.`
              : `we have refunded the ${deps.money(owed, order.currency)} you paid.`;
        await enqueueMail(db, cancellationOf(deps, order, reason));
        return { before, after: order };
      }),

    /**
     * Pays back part or all of a paid order. The order becomes "refunded" once everything is paid
     * back; a partial refund keeps its status and records the amount in its history. A card
     * payment is refunded at the provider first, which passes its total refunded as `settled`.
     */
    refund: (scope: Scope, number: unknown, raw: unknown = {}, settled?: Settled) =>
      run(scope, "refunded", async (db) => {
        const input = parseInput(refundInput, raw);
        const order = await lockOrder(db, number);
        if (isCardOrder(order) && !settled) throw cardNotRefunded();
        // Refunded at the provider already: recorded whatever the order became meanwhile (its
        // webhook may have come first); otherwise checked against what is left.
        const refundedTotal = settled ? settled.refundedTotal : order.refunded + refundable(order, input.amount, deps.money);
        const told = refundedTotal - order.refunded;
        const result = await recordRefund(db, order, refundedTotal, input.note ?? `Refunded ${deps.money(told, order.currency)}`);
        // Already recorded (the provider's webhook came first): nothing more to tell.
        if (!result) return { before: order, after: order };
        await enqueueMail(db, mail(result, "refunded", { amount: told }));
        return { before: order, after: result };
      }),
  };
}

/**
 * How much of `order` a refund of `amount` (absent: all that is left) pays back; refuses an order
 * that is not paid, and more than is left.
 */
export function refundable(order: Order, amount: number | undefined, money: (minor: number, currency: string) => string): number {
  if (!["paid", "shipped", "delivered"].includes(order.status)) assertMove(order.number, order.status, "refunded");
  const left = order.total - order.refunded;
  if ((amount ?? left) > left) {
    throw new ShopError("INVALID_INPUT", `At most ${money(left, order.currency)} of this order is left to refund.`, {
      field: "amount",
    });
  }
  return amount ?? left;
}

/** What an order's audit entry records of a staff operation's change. */
const AUDITED_FIELDS = ["status", "refunded", "carrier", "trackingUrl"] as const;

export type StaffOperations = ReturnType<typeof createStaffOperations>;
