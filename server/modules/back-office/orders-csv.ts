import { and, asc, eq, gt } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { orders, users } from "../../db/schema/index.ts";
import { decimalAmount } from "../../lib/money.ts";
import type { Scope } from "../../lib/scope.ts";
import { guardCell } from "../../lib/csv-cell.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { isCardOrder, STATUS_WORDS } from "../orders/index.ts";
import { customerNameOf, paymentStateOf } from "./order-facts.ts";
import { ordersWhere } from "./order-filters.ts";
import { ordersListInput, paramsOf } from "./schemas.ts";
import { PAYMENT_STATE_WORDS } from "./shared.ts";

/*
 * The accountant's CSV of the filtered orders (issue 24 §4, ADR 60): every matching order, read
 * in batches by id (keyset: each batch as fast as the first, however many orders there are) and
 * handed out as text chunks as they are read, so a page streams it without holding it all.
 * csv-stringify writes the rows (quoting, RFC 4180); the shop only guards the cells.
 */

export const CSV_BATCH = 1000;

export const CSV_COLUMNS = [
  "Order",
  "Date (UTC)",
  "Customer",
  "E-mail",
  "Country",
  "Status",
  "Payment method",
  "Payment state",
  "VAT rate %",
  "Net",
  "VAT",
  "Gross",
  "Refunded",
  "Currency",
] as const;

// The cells' guard against formulas, shared with every CSV the back office hands out.
export { guardCell } from "../../lib/csv-cell.ts";

/**
 * The filtered orders (the list's filters and search; its page and sort do not apply: the CSV is
 * in the order they were placed) as CSV text chunks: a byte order mark and the header first, then
 * one chunk per batch of orders. Bad params are INVALID_INPUT before the first chunk.
 */
export function ordersCsv(scope: Scope, raw: unknown = {}): AsyncIterable<string> {
  const params = parseInput(ordersListInput, paramsOf(raw));
  const where = ordersWhere(params);
  return {
    async *[Symbol.asyncIterator]() {
      // The BOM tells spreadsheet programs the text is UTF-8 (names with accents).
      yield stringify([CSV_COLUMNS as unknown as string[]], { bom: true });
      let after = 0;
      for (;;) {
        const batch = await scope.db
          .select({
            id: orders.id,
            number: orders.number,
            createdAt: orders.createdAt,
            email: orders.email,
            status: orders.status,
            paymentMethod: orders.paymentMethod,
            total: orders.total,
            tax: orders.tax,
            refunded: orders.refunded,
            vatRate: orders.vatRateBasisPoints,
            currency: orders.currency,
            deliveryAddress: orders.deliveryAddress,
            shipCountry: orders.shipCountry,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(orders)
          .leftJoin(users, eq(users.id, orders.userId))
          .where(and(where, gt(orders.id, after)))
          .orderBy(asc(orders.id))
          .limit(CSV_BATCH);
        if (batch.length === 0) return;
        after = batch.at(-1)!.id;
        // The amounts as placed (VAT included in the gross); what was paid back since is its own column.
        const rows = batch.map((order) =>
          [
            order.number,
            order.createdAt.toISOString().replace("T", " ").slice(0, 19),
            customerNameOf(order.deliveryAddress, order) ?? "",
            order.email,
            order.shipCountry ?? "",
            STATUS_WORDS[order.status],
            isCardOrder(order) ? "card" : "bank transfer",
            PAYMENT_STATE_WORDS[paymentStateOf(order)],
            (order.vatRate / 100).toFixed(2),
            decimalAmount(order.total - order.tax, order.currency),
            decimalAmount(order.tax, order.currency),
            decimalAmount(order.total, order.currency),
            decimalAmount(order.refunded, order.currency),
            order.currency,
          ].map(guardCell),
        );
        yield stringify(rows);
        if (batch.length < CSV_BATCH) return;
      }
    },
  };
}
