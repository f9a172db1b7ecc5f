import { setMaxListeners } from "node:events";
import { createPubSub, SlidingBuffer, type PubSub } from "graphql-yoga";
import type { Db } from "../db/client.ts";
import { afterCommitOn } from "./scope.ts";

/*
 * What the shop tells as it happens (GraphQL subscriptions, ADR 45): a topic, the id its listeners
 * follow, and what happened. An event is told only once the transaction that made the change has
 * committed, never for a change rolled back. Events are hints for pages already open: one lost
 * in a crash costs a live update, which the page's next load shows anyway (mails, which must not
 * be lost, go through the outbox instead). In one process the bus is in memory; with Redis it
 * reaches every process (the event target given to createShopEvents).
 */

export type ShopTopics = {
  /** An option's stock changed; followed by product id. */
  "stock-changed": [productId: number, change: StockChange];
  /** A customer's order moved to another status; followed by customer id. */
  "order-updated": [customerId: number, update: { number: string; status: string }];
  /** Something in a customer's bag changed; followed by customer id. */
  "bag-changed": [customerId: number, change: { at: number }];
  /**
   * An option that was sold out is available again (an order gave its stock back); one topic for
   * every option, followed by the back-in-stock sweep of every process (ADR 47), never by pages.
   */
  "stock-back": [change: { variantId: number }];
  /** An order was placed; one topic for every order, followed by the back office (staff only). */
  "order-placed": [order: PlacedOrder];
};

export interface PlacedOrder {
  number: string;
  /** In cents. */
  total: number;
  currency: string;
  paymentMethod: string;
  placedAt: string;
}

export interface StockChange {
  variantId: number;
  /** Units left after the change. */
  stock: number;
}

export type ShopEvents = PubSub<ShopTopics>;
export type ShopEventTarget = NonNullable<Parameters<typeof createPubSub<ShopTopics>>[0]>["eventTarget"];

/** Events kept for a subscriber that has not read them yet; older ones go first. */
const EVENTS_KEPT_PER_SUBSCRIBER = 64;

// The bus of each database handle the process opened: code that holds only a transaction's handle
// reaches it through the handle the transaction was begun on.
const buses = new WeakMap<Db, ShopEvents>();

/** The event bus of the shop on `db` (in memory, or over `eventTarget`, Redis for several processes). */
export function createShopEvents(db: Db, eventTarget?: ShopEventTarget): ShopEvents {
  let target = eventTarget;
  if (!target) {
    // Thousands may follow one product: every listener is meant, none is a leak to warn about.
    target = new EventTarget() as NonNullable<ShopEventTarget>;
    setMaxListeners(0, target);
  }
  // A subscriber that reads slowly (a stalled client) keeps only its latest events: never an
  // unbounded queue, never an error thrown into the publisher.
  const events = createPubSub<ShopTopics>({ eventTarget: target, repeaterBuffer: new SlidingBuffer(EVENTS_KEPT_PER_SUBSCRIBER) });
  tellThrough(db, events);
  return events;
}

/**
 * Makes `events` the bus that changes on `db` are told through (the latest bus made for a database
 * is; a test that made another for the same database gives it back with this).
 */
export function tellThrough(db: Db, events: ShopEvents): void {
  buses.set(db, events);
}

/**
 * Tells `topic` to the listeners of `id` once the transaction of `db` has committed (at once
 * outside a transaction). A database without a bus (a script, a test without one) tells nobody.
 */
export function publishAfterCommit<T extends keyof ShopTopics>(db: Db, topic: T, ...event: ShopTopics[T]): void {
  afterCommitOn(db, (root) => buses.get(root)?.publish(topic, ...event));
}
