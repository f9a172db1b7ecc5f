import type { Scope } from "../../lib/scope.ts";
import type { BankDetails, OrderAddress } from "../orders/index.ts";
import { orderDetail, type OrderDetail, type OrderDetailOptions } from "./order-detail.ts";
import { invoiceKindOf, type PaymentState, type Seller } from "./shared.ts";

/*
 * An order's invoice (issue 24 §4, ADR 62), read from the order page's own reading of the order
 * (its totals and VAT per rate are computed there once). The invoice's number is the order's; it
 * is dated the day the order was paid. An order not paid yet gets a pro forma invoice dated the
 * day it was placed; one cancelled before it was paid gets none (nothing was ever owed).
 */

export interface Invoice {
  kind: "invoice" | "pro_forma";
  /** The invoice's number: the order's (numbers are never reused). */
  number: string;
  /** The invoice's date: when the order was paid; a pro forma's, when it was placed. */
  issuedAt: string;
  placedAt: string;
  paidAt: string | null;
  status: OrderDetail["status"];
  statusWords: string;
  seller: Seller;
  /** The buyer: the delivery address's name and address (orders keep no other), else the account's name. */
  buyer: { name: string | null; email: string; address: OrderAddress | null };
  currency: string;
  /** Prices include VAT, at the rate of each line. */
  lines: Pick<
    OrderDetail["lines"][number],
    "name" | "sku" | "colour" | "size" | "quantity" | "unitPrice" | "lineTotal" | "vatRatePercent"
  >[];
  totals: OrderDetail["totals"];
  /** How the goods go; null for an order of a membership alone. */
  delivery: { methodName: string | null } | null;
  payment: {
    method: OrderDetail["payment"]["method"];
    state: PaymentState;
    refunds: OrderDetail["payment"]["refunds"];
    /** A pro forma paid by bank transfer: where to pay, quoting what, by when (the order's hold). */
    transfer: (BankDetails & { reference: string; payBy: string | null }) | null;
  };
}

/** An order that has no invoice, and why. */
export interface NoInvoice {
  kind: "none";
  number: string;
  reason: string;
}

export interface InvoiceDeps extends OrderDetailOptions {
  seller: Seller;
  bank: BankDetails;
}

/** The invoice of the order of that number (ORDER_NOT_FOUND for none), or why it has none. */
export async function invoice(scope: Scope, rawNumber: unknown, deps: InvoiceDeps): Promise<Invoice | NoInvoice> {
  const order = await orderDetail(scope, rawNumber, deps);
  const paidAt = order.history.find((event) => event.status === "paid")?.at ?? null;
  const kind = invoiceKindOf(order);
  if (!kind) {
    return {
      kind: "none",
      number: order.number,
      reason: "This order was cancelled before it was paid: nothing was owed, so it has no invoice.",
    };
  }
  const proForma = kind === "pro_forma";
  return {
    kind: proForma ? "pro_forma" : "invoice",
    number: order.number,
    // An order marked paid before the history kept its events is dated when it was placed.
    issuedAt: proForma ? order.placedAt : (paidAt ?? order.placedAt),
    placedAt: order.placedAt,
    paidAt,
    status: order.status,
    statusWords: order.statusWords,
    seller: deps.seller,
    buyer: { name: order.customer.name, email: order.customer.email, address: order.delivery.address },
    currency: order.currency,
    lines: order.lines.map(({ name, sku, colour, size, quantity, unitPrice, lineTotal, vatRatePercent }) => ({
      name,
      sku,
      colour,
      size,
      quantity,
      unitPrice,
      lineTotal,
      vatRatePercent,
    })),
    totals: order.totals,
    delivery: order.delivery.sendsGoods ? { methodName: order.delivery.methodName } : null,
    payment: {
      method: order.payment.method,
      state: order.payment.state,
      refunds: order.payment.refunds,
      transfer:
        proForma && order.payment.reference
          ? { ...deps.bank, reference: order.payment.reference, payBy: order.payment.holdUntil }
          : null,
    },
  };
}
