import { and, asc, count, eq, gte, inArray, isNull, like, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { memberships, orderEvents, orders, payments, products, users, variants } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { BANK_TRANSFER, CARD } from "../orders/index.ts";
import { LATE_PAYMENT_NOTE } from "../payments/index.ts";
import { DAY_MS, daysLeft, lastDays, startOfDay } from "./days.ts";
import { customerNameOf, keptVatSql, SALE_STATUSES, sendsGoods } from "./order-facts.ts";
import { dashboardInput, paramsOf } from "./schemas.ts";
import { lowMarkOf, optionIn, type OptionStock } from "../stock/index.ts";
import { wantedOptionCount, wantedOptions } from "./wanted.ts";

/** The figures of a period. Money in minor units of the shop's currency, VAT included unless said. */
export interface PeriodFigures {
  /** Orders placed in the period that are paid and stand (paid, shipped, delivered): sales. */
  orders: number;
  /** What those orders took, less what was paid back of them. */
  revenue: number;
  /** The same without the VAT it includes. */
  revenueExVat: number;
  vat: number;
  /** revenue / orders, rounded to a cent; 0 without orders. */
  averageOrder: number;
  /** Orders placed in the period still waiting for their payment (not sales yet). */
  awaitingPayment: { orders: number; total: number };
  /** Orders placed in the period and cancelled since. */
  cancelled: number;
  /** What was paid back of the orders placed in the period (fully refunded and cancelled ones too). */
  refunded: number;
  /** Accounts whose membership of a plan began in the period. */
  newMembers: number;
  /** Customer accounts opened in the period. */
  newCustomers: number;
}

export interface DayRevenue {
  /** YYYY-MM-DD, UTC. */
  day: string;
  orders: number;
  revenue: number;
  revenueExVat: number;
}

/** A queue of the dashboard: its first rows and how many there are in all. */
export interface Queue<Row> {
  rows: Row[];
  total: number;
}

export interface QueuedOrder {
  number: string;
  placedAt: string;
  customerName: string | null;
  email: string;
  total: number;
  currency: string;
}

export interface AwaitingTransfer extends QueuedOrder {
  reference: string;
  /** When the hold ends and the order is cancelled (ISO), and whole days until then (0: today or overdue). */
  holdUntil: string | null;
  daysLeft: number | null;
}

/**
 * A card payment a person must look at:
 * - `mismatch`: the provider took another amount or currency than the total; held, not paid;
 * - `refund_owed`: a cancelled order whose payment the provider has not paid back yet (the sweep
 *   keeps asking; the staff may need to refund it in Stripe);
 * - `late_payment`: paid after its order was cancelled and refunded at once (last 30 days), for
 *   the staff to know why a customer paid and got their money back.
 */
export interface PaymentAttention extends QueuedOrder {
  kind: "mismatch" | "refund_owed" | "late_payment";
  /** What is at stake: taken (mismatch), still owed (refund_owed), paid and refunded (late_payment). */
  amount: number;
  amountCurrency: string;
  /** When it happened (ISO). */
  at: string;
}

export interface StockOption {
  variantId: number;
  productId: number;
  productName: string;
  productSlug: string;
  sku: string;
  size: string;
  colour: string;
  stock: number;
  /** Its low mark: its own threshold, else the shop's. */
  lowAt: number;
}

/** A sold-out option someone waits for (its low mark does not matter: it has none left). */
export interface WantedOption extends Omit<StockOption, "lowAt"> {
  /** Back-in-stock requests waiting for it. */
  waiting: number;
  /** When the longest-waiting of them was made (ISO). */
  oldest: string;
}

export interface Dashboard {
  /** ISO time the figures are for; days are UTC days (ADR 60). */
  asOf: string;
  currency: string;
  today: PeriodFigures;
  last7Days: PeriodFigures;
  last30Days: PeriodFigures;
  /** The last 30 days, oldest first, today last; every day present (zero when nothing was sold). */
  dailyRevenue: DayRevenue[];
  queues: {
    awaitingTransfers: Queue<AwaitingTransfer>;
    toShip: Queue<QueuedOrder>;
    paymentAttention: Queue<PaymentAttention>;
    /** Options low by the one rule (stock/low-stock.ts); `shopLowAt`: the shop's setting. */
    lowStock: Queue<StockOption> & { shopLowAt: number };
    mostWanted: Queue<WantedOption>;
  };
}

const num = (value: unknown) => Number(value ?? 0);
const sales = inArray(orders.status, SALE_STATUSES);

/**
 * The owner's dashboard (issue 24 §3): today, 7 and 30 days of sales, daily revenue for 30 days,
 * and the queues that need a person. `raw`: { queueSize (default 10) }. `shopLowAt`: the shop's
 * low-stock setting, the mark of options without one of their own.
 */
export async function dashboard(
  scope: Scope,
  currency: string,
  now = new Date(),
  raw: unknown,
  shopLowAt: number,
): Promise<Dashboard> {
  const input = { ...parseInput(dashboardInput, paramsOf(raw)), shopLowAt };
  const days = lastDays(now, 30);
  const since = new Date(`${days[0]}T00:00:00.000Z`);
  const until = new Date(startOfDay(now).getTime() + DAY_MS);
  const [byDay, joined, opened, queues] = await Promise.all([
    salesByDay(scope, currency, since, until),
    countByDay(scope, "members", since, until),
    countByDay(scope, "customers", since, until),
    dashboardQueues(scope, now, input),
  ]);
  const period = (count: number): PeriodFigures => {
    const within = new Set(days.slice(-count));
    const sum = (pick: (row: DayRow) => number) => byDay.filter((row) => within.has(row.day)).reduce((s, r) => s + pick(r), 0);
    const orders = sum((r) => r.orders);
    const revenue = sum((r) => r.revenue);
    const vat = sum((r) => r.vat);
    const inDays = (counts: Map<string, number>) => [...within].reduce((s, day) => s + (counts.get(day) ?? 0), 0);
    return {
      orders,
      revenue,
      revenueExVat: revenue - vat,
      vat,
      averageOrder: orders > 0 ? Math.round(revenue / orders) : 0,
      awaitingPayment: { orders: sum((r) => r.awaiting), total: sum((r) => r.awaitingTotal) },
      cancelled: sum((r) => r.cancelled),
      refunded: sum((r) => r.refunded),
      newMembers: inDays(joined),
      newCustomers: inDays(opened),
    };
  };
  const daily = new Map(byDay.map((row) => [row.day, row]));
  return {
    asOf: now.toISOString(),
    currency,
    today: period(1),
    last7Days: period(7),
    last30Days: period(30),
    dailyRevenue: days.map((day) => {
      const row = daily.get(day);
      return { day, orders: row?.orders ?? 0, revenue: row?.revenue ?? 0, revenueExVat: (row?.revenue ?? 0) - (row?.vat ?? 0) };
    }),
    queues,
  };
}

interface DayRow {
  day: string;
  orders: number;
  revenue: number;
  vat: number;
  awaiting: number;
  awaitingTotal: number;
  cancelled: number;
  refunded: number;
}

const utcDay = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The orders placed each UTC day of [since, until), in the shop's currency, summed by what they became. */
async function salesByDay(scope: Scope, currency: string, since: Date, until: Date): Promise<DayRow[]> {
  const day = utcDay(orders.createdAt);
  const rows = await scope.db
    .select({
      day,
      orders: sql`count(*) filter (where ${sales})`,
      revenue: sql`coalesce(sum(${orders.total} - ${orders.refunded}) filter (where ${sales}), 0)`,
      vat: sql`coalesce(sum(${keptVatSql}) filter (where ${sales}), 0)`,
      awaiting: sql`count(*) filter (where ${orders.status} = 'awaiting_payment')`,
      awaitingTotal: sql`coalesce(sum(${orders.total}) filter (where ${orders.status} = 'awaiting_payment'), 0)`,
      cancelled: sql`count(*) filter (where ${orders.status} = 'cancelled')`,
      refunded: sql`coalesce(sum(${orders.refunded}), 0)`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, since), lt(orders.createdAt, until), eq(orders.currency, currency)))
    .groupBy(day);
  return rows.map((row) => ({
    day: row.day,
    orders: num(row.orders),
    revenue: num(row.revenue),
    vat: num(row.vat),
    awaiting: num(row.awaiting),
    awaitingTotal: num(row.awaitingTotal),
    cancelled: num(row.cancelled),
    refunded: num(row.refunded),
  }));
}

/** New members (accounts whose membership began) or new customer accounts, per UTC day. */
async function countByDay(scope: Scope, what: "members" | "customers", since: Date, until: Date): Promise<Map<string, number>> {
  const rows =
    what === "members"
      ? await scope.db
          .select({ day: utcDay(memberships.createdAt), n: sql`count(distinct ${memberships.userId})` })
          .from(memberships)
          .where(and(gte(memberships.createdAt, since), lt(memberships.createdAt, until)))
          .groupBy(utcDay(memberships.createdAt))
      : await scope.db
          .select({ day: utcDay(users.createdAt), n: count() })
          .from(users)
          .where(and(eq(users.role, "customer"), gte(users.createdAt, since), lt(users.createdAt, until)))
          .groupBy(utcDay(users.createdAt));
  return new Map(rows.map((row) => [row.day, num(row.n)]));
}

const queuedColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  email: orders.email,
  total: orders.total,
  currency: orders.currency,
  deliveryAddress: orders.deliveryAddress,
  firstName: users.firstName,
  lastName: users.lastName,
};

interface QueuedRow {
  number: string;
  createdAt: Date;
  email: string;
  total: number;
  currency: string;
  deliveryAddress: string | null;
  firstName: string | null;
  lastName: string | null;
}

const queued = (row: QueuedRow): QueuedOrder => ({
  number: row.number,
  placedAt: row.createdAt.toISOString(),
  customerName: customerNameOf(row.deliveryAddress, row),
  email: row.email,
  total: row.total,
  currency: row.currency,
});

const OPTION: OptionStock = { stock: variants.stock, threshold: variants.lowStockThreshold };

async function dashboardQueues(scope: Scope, now: Date, input: { shopLowAt: number; queueSize: number }) {
  const { db } = scope;
  const limit = input.queueSize;
  const awaitingWhere = and(eq(orders.status, "awaiting_payment"), eq(orders.paymentMethod, BANK_TRANSFER));
  const toShipWhere = and(eq(orders.status, "paid"), sendsGoods);
  // Archived options are off the shop for good: they are neither low nor wanted.
  const lowWhere = and(eq(products.published, true), isNull(variants.archivedAt), optionIn(OPTION, "low", input.shopLowAt));
  const option = {
    variantId: variants.id,
    productId: products.id,
    productName: products.name,
    productSlug: products.slug,
    sku: variants.sku,
    size: variants.size,
    colour: variants.colour,
    stock: variants.stock,
    lowAt: lowMarkOf(OPTION, input.shopLowAt),
  };
  const [transfers, transferCount, toShip, toShipCount, attention, low, lowCount, wanted, wantedCount] = await Promise.all([
    db
      .select({ ...queuedColumns, reference: orders.paymentReference, reservedUntil: orders.reservedUntil })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(awaitingWhere)
      .orderBy(sql`${orders.reservedUntil} asc nulls last`, asc(orders.id))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(awaitingWhere),
    db
      .select(queuedColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(toShipWhere)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(toShipWhere),
    paymentAttention(scope, now),
    db
      .select(option)
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(lowWhere)
      .orderBy(asc(variants.stock), asc(products.name), asc(variants.id))
      .limit(limit),
    db.select({ n: count() }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(lowWhere),
    // The demand page's query too (wanted.ts): one rule of what is wanted.
    wantedOptions(db, { limit }),
    wantedOptionCount(db),
  ]);
  return {
    awaitingTransfers: {
      rows: transfers.map((row) => ({
        ...queued(row),
        reference: row.reference ?? row.number,
        holdUntil: row.reservedUntil?.toISOString() ?? null,
        daysLeft: daysLeft(row.reservedUntil, now),
      })),
      total: num(transferCount[0]?.n),
    },
    toShip: { rows: toShip.map(queued), total: num(toShipCount[0]?.n) },
    paymentAttention: { rows: attention.slice(0, limit), total: attention.length },
    lowStock: { rows: low, total: num(lowCount[0]?.n), shopLowAt: input.shopLowAt },
    mostWanted: { rows: wanted, total: wantedCount },
  };
}

/** Card payments a person must look at, newest first (PaymentAttention). Few by nature: read in full. */
async function paymentAttention(scope: Scope, now: Date): Promise<PaymentAttention[]> {
  const { db } = scope;
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const [held, owed, late] = await Promise.all([
    db
      .select({ ...queuedColumns, amount: payments.amount, amountCurrency: payments.currency, at: payments.updatedAt })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(payments.status, "mismatch"))
      .limit(500),
    db
      .select({
        ...queuedColumns,
        amount: sql<number>`${orders.total} - ${orders.refunded}`.mapWith(Number),
        amountCurrency: orders.currency,
        at: orders.updatedAt,
      })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          eq(orders.status, "cancelled"),
          eq(orders.paymentMethod, CARD),
          eq(payments.status, "paid"),
          lt(orders.refunded, orders.total),
        ),
      )
      .limit(500),
    // Through the card payments refunded lately (the late payment's is marked refunded with it),
    // not through every history entry.
    db
      .select({ ...queuedColumns, amount: orders.total, amountCurrency: orders.currency, at: orderEvents.createdAt })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(orderEvents, eq(orderEvents.orderId, orders.id))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          eq(payments.status, "refunded"),
          gte(payments.updatedAt, since),
          eq(orders.status, "cancelled"),
          like(orderEvents.note, `${LATE_PAYMENT_NOTE}%`),
          gte(orderEvents.createdAt, since),
        ),
      )
      .limit(500),
  ]);
  const of = (kind: PaymentAttention["kind"]) => (row: QueuedRow & { amount: number; amountCurrency: string; at: Date }) => ({
    ...queued(row),
    kind,
    amount: row.amount,
    amountCurrency: row.amountCurrency,
    at: row.at.toISOString(),
  });
  return [...held.map(of("mismatch")), ...owed.map(of("refund_owed")), ...late.map(of("late_payment"))].sort((a, b) =>
    b.at.localeCompare(a.at),
  );
}
