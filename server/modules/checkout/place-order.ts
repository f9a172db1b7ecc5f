import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { cartLines, carts, orderEvents, orderLines, orders, payments, users, type Order } from "../../db/schema/index.ts";
import { keepOrderAddress } from "../customers/index.ts";
import { movementsInsert, takeStock } from "../stock/index.ts";
import { publishAfterCommit } from "../../lib/events.ts";
import { afterCommit, withTransaction, type Scope } from "../../lib/scope.ts";
import { invalidInput, parseInput, ShopError } from "../../lib/shop-error.ts";
import { lockBag, type BagRef, hashCartToken } from "../cart/index.ts";
import { ANY_VISITOR, type Viewer } from "../catalog/index.ts";
import { mailInsert } from "../mail/index.ts";
import { assertMayPlace, planBySlug, planNotForSale } from "../membership/index.ts";
import {
  CARD,
  confirmationOf,
  type ConfirmedOrder,
  type BankDetails,
  orderLineView,
  PLACED_NOTE,
  type OrderView,
} from "../orders/index.ts";
import { addressKey, mailboxKey, type RateLimiter, type RateLimitStore, type Verdict } from "../rate-limit/index.ts";
import { emptyBag, idempotencyConflict, soldOut, tooManyMailsToMailbox, tooManyOrdersFromAddress } from "./errors.ts";
import { assertMayHold } from "./holding-limits.ts";
import type { CheckoutLimits } from "./limits.ts";
import { promoTries } from "./promo-tries.ts";
import { readForPlacing } from "./placing-reads.ts";
import { priceBag } from "./pricing.ts";
import { redeem, redeemersOf } from "./promo.ts";
import { orderAddressOf } from "./order-address.ts";
import { idempotencyKeyField, placeOrderInput, type PlaceOrder } from "./schemas.ts";

export interface CheckoutDeps {
  currency: string;
  siteName: string;
  publicUrl: string;
  /**
   * How long an unpaid bank-transfer order keeps its stock (days) and the account it is paid
   * into: the shop's settings as they are when the order is placed (ADR 68).
   */
  transfers: (db: Db) => Promise<{ reservationDays: number; bank: BankDetails }>;
  money: (minor: number) => string;
  /** The link to an order's status page, for its mails (a guest's carries a token). */
  orderLink: (number: string) => string;
  /**
   * Card payments, when the shop takes them (ADR 38): how long the payment page stays open, which
   * is how long a card order keeps its stock. Null: bank transfer only.
   */
  cardPayments?: { checkoutMinutes: number } | null;
  /** Told after a commit that wrote mails, so they go out at once. */
  mailsWritten?: () => void;
  /** Where checkout's limits count (ADR 50): orders per address, mails per mailbox, promo tries. */
  rateLimits: RateLimitStore;
}

/** What placing an order is given by createCheckout: its settings and its limits, built once. */
export type PlacingDeps = CheckoutDeps & { limits: CheckoutLimits };

/** Who is ordering: a customer (their bag and history) or a guest (a bag token). */
export interface Buyer {
  customerId: number | null;
  bag: BagRef;
  /**
   * What the buyer's membership gives them (ADR 41): the request context's viewer(), read before
   * the order's transaction. Member prices, free delivery and members-only products follow it;
   * absent: none of them.
   */
  viewer?: Viewer;
}

export interface PlaceOrderOptions {
  /** The Idempotency-Key header, or the key the checkout form was rendered with. */
  idempotencyKey?: string | null;
  /** The fingerprint of the summary the shopper saw (checkout page); a different one now refuses. */
  seen?: string | null;
}

export interface PlacedOrder {
  order: Order;
  /** The order's lines as a later read of the order shows them (orders/view.ts). */
  lines: OrderView["lines"];
  /** True when the key had already made this order: nothing new was done. */
  replayed: boolean;
}

/**
 * Places an order from the buyer's bag (ADR 37), as one transaction: the bag is locked, its lines
 * priced from the database, the stock of each line taken (never below zero: a line that is no
 * longer there refuses the whole order), the promo code's use taken, the order with its lines,
 * first status and confirmation mail written, and the bag emptied. Any refusal rolls all of it
 * back. With an idempotency key, the same request again answers the order it made; the same key
 * with another request is IDEMPOTENCY_CONFLICT. What one visitor may take is limited here, for
 * every adapter alike (ADR 50): orders per client address, order mails per mailbox, promo codes
 * tried, and the items unpaid orders of one buyer or address hold at once. A signed-in customer
 * may order to one of their saved addresses, or keep the one typed in (ADR 55).
 */
export async function placeOrder(
  deps: PlacingDeps,
  scope: Scope,
  buyer: Buyer,
  raw: unknown,
  options: PlaceOrderOptions = {},
): Promise<PlacedOrder> {
  const input = parseInput(placeOrderInput, raw);
  const card = input.paymentMethod === CARD;
  if (card && !deps.cardPayments) {
    throw invalidInput("paymentMethod", "Card payment is not available in this shop: choose bank transfer.");
  }
  // A guest has no address book to keep it in: said, rather than the address silently not kept.
  if (input.saveAddress && buyer.customerId === null) {
    throw invalidInput("saveAddress", "Log in to save the address in your account.");
  }
  const key = options.idempotencyKey == null ? null : parseInput(idempotencyKeyField, options.idempotencyKey, "Idempotency-Key");
  // Who the order counts against (ADR 50): the address it comes from, the mailbox it is mailed to.
  const holder = { address: addressKey(scope.visitor.ip), mailbox: mailboxKey(input.email) };
  const counted: { limiter: RateLimiter; id: string }[] = [];
  let placed = false;
  try {
    const result = await placeInTransaction(deps, scope, buyer, input, key, holder, options, async (limiter, id) => {
      counted.push({ limiter, id });
      return limiter.hit(id);
    });
    placed = !result.replayed;
    return result;
  } finally {
    // Counts are given back whenever no order was placed: refused, failed, or a replay.
    if (!placed) await Promise.all(counted.map(({ limiter, id }) => limiter.release(id)));
  }
}

/** Whether `mailbox` is the customer's own account address, confirmed (theirs to fill). */
async function isOwnAddress(db: Db, customerId: number | null, mailbox: string): Promise<boolean> {
  if (customerId === null) return false;
  const [user] = await db.select({ email: users.email, confirmed: users.confirmed }).from(users).where(eq(users.id, customerId));
  return user !== undefined && user.confirmed && mailboxKey(user.email) === mailbox;
}

async function placeInTransaction(
  deps: PlacingDeps,
  scope: Scope,
  buyer: Buyer,
  input: PlaceOrder,
  key: string | null,
  holder: { address: string; mailbox: string },
  options: PlaceOrderOptions,
  count: (limiter: RateLimiter, id: string) => Promise<Verdict>,
): Promise<PlacedOrder> {
  const card = input.paymentMethod === CARD;
  const viewer = buyer.viewer ?? ANY_VISITOR;
  const { reservationDays, bank } = await deps.transfers(scope.db);
  return withTransaction(scope, async (tx) => {
    // The bag's lock first (as every bag change takes it): two placements of one bag queue here.
    const cartId = await lockBag(tx.db, buyer.bag);
    // A guest's key belongs to their bag's token (its hash): it still finds the order once the
    // emptied bag itself has been pruned.
    const owner =
      buyer.customerId !== null
        ? `customer:${buyer.customerId}`
        : typeof buyer.bag === "string"
          ? `bag:${hashCartToken(buyer.bag)}`
          : "bag:none";
    const scopedKey = key === null ? null : `${owner}:${key}`;
    const requestHash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
    // A saved address is read before anything else, as the country prices the order. A replay of
    // an order whose saved address was deleted since still answers that order.
    const shippingAddress = await orderAddressOf(tx.db, buyer.customerId, input).catch(async (error: unknown) => {
      const earlier = scopedKey === null ? null : await earlierOrder(tx.db, scopedKey);
      if (!earlier) throw error;
      return { replay: earlier };
    });
    if ("replay" in shippingAddress) return replayOf(tx.db, shippingAddress.replay, requestHash);
    const read = await readForPlacing(tx.db, cartId, scopedKey, shippingAddress.country, viewer);
    if (read.earlier) return replayOf(tx.db, read.earlier, requestHash);
    if (cartId === null) throw emptyBag();
    // A new order, not a replay: counted against its address and, for a bank transfer (whose
    // confirmation goes out with it), its mailbox, in the rate-limit store (shared by every
    // process), so that orders sent at once cannot all slip past. Beyond the mailbox's cap the
    // order is refused, never placed without its mail; a customer ordering to their own confirmed
    // address is not capped (ADR 50).
    const from = await count(deps.limits.ordersFromAddress, holder.address);
    if (from.limited) throw tooManyOrdersFromAddress(from.retryAfterSeconds);
    if (!card && !(await isOwnAddress(tx.db, buyer.customerId, holder.mailbox))) {
      const to = await count(deps.limits.mailsToMailbox, holder.mailbox);
      if (to.limited) throw tooManyMailsToMailbox(to.retryAfterSeconds);
    }
    const redeemers = redeemersOf(buyer.customerId, input.email);
    const priced = await priceBag(
      tx.db,
      read,
      {
        country: shippingAddress.country,
        deliveryMethod: input.deliveryMethod,
        promoCode: input.promoCode,
        redeemers,
        viewer: viewer,
        promoTries: promoTries(deps.limits, scope, cartId),
      },
      deps.money,
      true,
    );
    const { lines, totals, promo, method, membership } = priced;
    // The page always sends what it showed (an empty summary too); the API shows nothing.
    if (options.seen != null && options.seen !== priced.fingerprint) {
      throw new ShopError(
        "CHECKOUT_CHANGED",
        "Prices or stock changed since you looked: please check your order below and place it again.",
      );
    }

    // A membership line: for the customer's own account, a published paid plan, not a second
    // paid plan beside one in force (membership/purchase.ts), checked again inside this transaction.
    if (membership) {
      const plan = await planBySlug(tx.db, membership.slug);
      if (!plan) throw planNotForSale(membership.slug);
      await assertMayPlace(tx.db, buyer.customerId, plan, deps.currency);
    }

    // What unpaid orders of this buyer and address hold, with this one (ADR 50): before any stock is taken.
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (units > 0) await assertMayHold(tx.db, { ...holder, customerId: buyer.customerId }, units);

    // Stock, taken by the stock module (ADR 66): each take succeeds only while enough are left,
    // whatever was read above. The last take also draws the order's number and id (only when it
    // succeeds), so that everything the order writes can be one statement: its lines, first event
    // and mail, the stock's movements, the bag emptied, the payment, the order.
    const took = await takeStock<{ n: string; id: number }>(
      tx.db,
      lines,
      sql`nextval('order_numbers')::text as n, nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
    );
    if ("short" in took)
      throw soldOut(
        lines.find((line) => line.variantId === took.short.variantId)!,
        took.left,
      );
    let ids = took.drawn ?? undefined;
    // No stock taken (a membership alone): the number and id are drawn on their own.
    if (!ids) {
      const [drawn] = await queryRows<{ n: string; id: number }>(
        tx.db,
        sql`select nextval('order_numbers')::text as n, nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
      );
      ids = drawn!;
    }
    const orderId = ids!.id;
    const number = `KS-${ids!.n}`;
    // A card order keeps its stock while its payment page is open (a minute more than the page
    // is asked to stay, which Stripe counts from a moment later); a transfer for days.
    const reservedUntil = new Date(
      Date.now() + (card ? (deps.cardPayments!.checkoutMinutes + 1) * 60_000 : reservationDays * 86_400_000),
    );
    // The rows stored, the membership's with no product, its plan's price, one of it: what the
    // answer, the confirmation mail and a later read show.
    const rows: (typeof orderLines.$inferInsert)[] = [
      ...lines.map((line) => ({
        orderId,
        productId: line.productId,
        variantId: line.variantId,
        productName: line.name,
        productSlug: line.slug,
        categorySlug: line.categorySlug,
        size: line.size,
        colour: line.colour,
        sku: line.sku,
        image: line.image,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
      ...(membership
        ? [
            {
              orderId,
              productId: null,
              variantId: null,
              productName: membership.name,
              sku: membership.sku,
              size: null,
              colour: null,
              image: null,
              quantity: 1,
              unitPrice: membership.price,
            },
          ]
        : []),
    ];
    // What the order's row says of it, which its confirmation mail reads too.
    const confirmed: ConfirmedOrder = {
      number,
      email: input.email,
      subtotal: totals.subtotal,
      discount: totals.discount,
      shipping: totals.delivery,
      tax: totals.tax,
      total: totals.total,
      deliveryMethodName: method?.name ?? null,
      deliveryAddress: JSON.stringify(shippingAddress),
    };
    const writes = [
      tx.db.insert(orderLines).values(rows),
      ...(took.taken.length > 0 ? [movementsInsert(tx.db, took.taken, { reason: "order", orderId })] : []),
      tx.db.insert(orderEvents).values({ orderId, status: "awaiting_payment", note: PLACED_NOTE }),
      // The bag empties only now, with the order in the same commit.
      tx.db.delete(cartLines).where(eq(cartLines.cartId, cartId)),
      tx.db.update(carts).set({ membershipPlanId: null }).where(eq(carts.id, cartId)),
      // A card payment's page is opened once this commits (payments module), outside the transaction;
      // its order is confirmed by mail once paid. A transfer's mail says how to pay.
      card
        ? tx.db.insert(payments).values({ orderId, provider: CARD, amount: totals.total, currency: deps.currency })
        : mailInsert(tx.db, confirmationOf(deps, confirmed, rows, { transfer: { bank, payBy: reservedUntil } }, deps.money)),
    ];
    // Statements in WITH run once each, whether or not the main statement reads them; the lines'
    // reference to the order is checked at the end of the whole statement.
    const [order] = await tx.db
      .with(...writes.map((write, i) => tx.db.$with(`order_write_${i}`, {}).as(write.getSQL())))
      .insert(orders)
      .values({
        ...confirmed,
        id: orderId,
        userId: buyer.customerId,
        status: "awaiting_payment",
        currency: deps.currency,
        memberSavings: totals.memberSavings,
        vatRateBasisPoints: totals.vatRateBasisPoints,
        promoCode: promo?.code ?? null,
        deliveryMethodId: method?.id ?? null,
        membershipPlanId: membership?.planId ?? null,
        membershipMonths: membership?.months ?? null,
        paymentMethod: input.paymentMethod,
        paymentReference: number,
        reservedUntil,
        idempotencyKey: scopedKey,
        requestHash,
        placedFrom: holder.address,
        mailbox: holder.mailbox,
      })
      .returning();
    // The promo's use names the order, so it is written once the order exists.
    if (promo) await redeem(tx.db, promo, redeemers, orderId);
    // Last, as the customer's row is locked for it: kept with the order, or not at all.
    if (input.saveAddress && buyer.customerId !== null) await keepOrderAddress(tx.db, buyer.customerId, shippingAddress);
    if (deps.mailsWritten) afterCommit(tx, deps.mailsWritten);
    // The bag is empty now: the customer's other tabs and devices hear of it.
    if (buyer.customerId !== null) publishAfterCommit(tx.db, "bag-changed", buyer.customerId, { at: Date.now() });
    // The back office's dashboard shows new orders as they come (staff only).
    publishAfterCommit(tx.db, "order-placed", {
      number,
      total: totals.total,
      currency: deps.currency,
      paymentMethod: input.paymentMethod,
      placedAt: order!.createdAt.toISOString(),
    });
    return { order: order!, lines: rows.map(orderLineView), replayed: false };
  });
}

/** The order an idempotency key placed, if any. */
async function earlierOrder(db: Db, scopedKey: string): Promise<{ id: number; requestHash: string | null } | null> {
  const [row] = await db
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(eq(orders.idempotencyKey, scopedKey));
  return row ?? null;
}

/** The same request again answers the order it made; the key with another request is refused. */
async function replayOf(db: Db, earlier: { id: number; requestHash: string | null }, requestHash: string): Promise<PlacedOrder> {
  if (earlier.requestHash !== requestHash) throw idempotencyConflict();
  const [order] = await db.select().from(orders).where(eq(orders.id, earlier.id));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, earlier.id)).orderBy(orderLines.id);
  return { order: order!, lines: lines.map(orderLineView), replayed: true };
}
