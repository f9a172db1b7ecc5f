import { z } from "zod";
import type { Scope } from "../../lib/scope.ts";
import type { Db } from "../../db/client.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import type { BankDetails } from "./mails.ts";
import { createOrderTokens } from "./access-token.ts";
import { orderNumber } from "./transitions.ts";
import {
  customerOrder,
  customerOrderById,
  customerOrders,
  orderByNumber,
  orderView,
  placedOrderView,
  type OrderView,
} from "./view.ts";

export type { BankDetails } from "./mails.ts";
export { PLACED_NOTE, type OrderAddress, type OrderView } from "./view.ts";
export { STATUS_WORDS, canMove } from "./state-machine.ts";
export { BANK_TRANSFER, CARD, isCardOrder, PAYMENT_METHODS, type PaymentMethod } from "../../db/schema/payment-methods.ts";
export {
  cancellationOf,
  confirmationOf,
  updateOf,
  type ConfirmedOrder,
  type MailedLine,
  type OrderMailShop,
} from "./order-mails.ts";

const listInput = z.object({
  first: z.coerce.number({ error: "first must be a whole number from 1 to 100." }).int().min(1).max(100).default(20),
});

const orderNotFound = () => new ShopError("ORDER_NOT_FOUND", "Order not found.");

/** Orders as their buyers read them (ADR 37). Another customer's order is not found, like an unknown one. */
export function createOrders(deps: {
  /** The account transfers are paid into now (the shop's settings, ADR 68). */
  bank: (db: Db) => Promise<BankDetails>;
  secret: string;
  publicUrl: string;
}) {
  const tokens = createOrderTokens(deps.secret);
  return {
    /** The link a guest follows to their order (confirmation page, mails). */
    statusLink: (number: string) => `${deps.publicUrl}/orders/${number}?token=${tokens.tokenFor(number)}`,
    statusPath: (number: string) => `/orders/${number}?token=${tokens.tokenFor(number)}`,

    /**
     * An order by its number for whoever may see it: its customer (by session), or anyone with the
     * order's link token. Anything else is not found, like an unknown number.
     */
    async visibleOrder(scope: Scope, number: unknown, who: { customerId: number | null; token: unknown }): Promise<OrderView> {
      const parsed = orderNumber.safeParse(number);
      const order = parsed.success ? await orderByNumber(scope.db, parsed.data) : null;
      const allowed =
        order !== null &&
        ((who.customerId !== null && order.userId === who.customerId) || tokens.isTokenFor(order.number, who.token));
      if (!allowed) throw orderNotFound();
      return orderView(scope.db, order, await deps.bank(scope.db));
    },
    async view(scope: Scope, order: Parameters<typeof orderView>[1]): Promise<OrderView> {
      return orderView(scope.db, order, await deps.bank(scope.db));
    },
    /** A just placed order's view, from what placing it returned (no reading back). */
    placedView: async (
      scope: Scope,
      order: Parameters<typeof placedOrderView>[0],
      lines: OrderView["lines"],
      paymentUrl: string | null = null,
    ) => placedOrderView(order, lines, await deps.bank(scope.db), paymentUrl),
    async customerOrder(scope: Scope, customerId: number, number: unknown): Promise<OrderView> {
      const parsed = orderNumber.safeParse(number);
      const order = parsed.success ? await customerOrder(scope.db, customerId, parsed.data) : null;
      if (!order) throw orderNotFound();
      return orderView(scope.db, order, await deps.bank(scope.db));
    },
    /** The account area's order page: by id, among the customer's own orders only. */
    async customerOrderById(scope: Scope, customerId: number, id: unknown): Promise<OrderView> {
      const parsed = z.coerce.number().int().min(1).max(2_147_483_647).safeParse(id);
      const order = parsed.success ? await customerOrderById(scope.db, customerId, parsed.data) : null;
      if (!order) throw orderNotFound();
      return orderView(scope.db, order, await deps.bank(scope.db));
    },
    async customerOrders(scope: Scope, customerId: number, raw: unknown = {}): Promise<OrderView[]> {
      const { first } = parseInput(listInput, raw);
      const rows = await customerOrders(scope.db, customerId, first);
      const bank = await deps.bank(scope.db);
      return Promise.all(rows.map((order) => orderView(scope.db, order, bank)));
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { claimGuestOrders } from "./claim-guest-orders.ts";
export { expireReservations } from "./expire-reservations.ts";
export { itemsBackOnSale } from "./mails.ts";
// A card order's moves, made by the payments module as its provider tells them (ADR 38).
export { createStaffOperations, refundInput, refundable, type Settled, type StaffOperations } from "./staff.ts";
// What shipping asks for (carrier, tracking link): the back office's batch checks it as one order's form does.
export { shipInput } from "./staff.ts";
export { cancelOrder, lockOrder, lockOrderById, move, recordRefund } from "./transitions.ts";
export { orderAddress, orderByNumber, orderLineView } from "./view.ts";
export { orderVersion, versionOf, whenCurrent } from "./version.ts";
