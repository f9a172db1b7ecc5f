import type { Order, OrderLine } from "../../db/schema/index.ts";
import type { Mail } from "../mail/index.ts";
import { deliversGoods, orderCancelledMail, orderConfirmationMail, orderUpdateMail, type BankDetails } from "./mails.ts";
import { orderAddress } from "./view.ts";

/*
 * An order's mails from its row and its lines, so that every use case that tells the buyer the
 * same thing (placing an order and a card payment arriving; the staff, the expiry and the payment
 * provider cancelling) says it in the same words. mails.ts holds the wording; this, what of the
 * order goes into it.
 */

/** What an order's mails need of the shop: its name and the order's status page (a guest's link carries a token). */
export interface OrderMailShop {
  siteName: string;
  orderLink: (number: string) => string;
}

/** The order's facts the confirmation shows: placing an order has them before its row is written. */
export type ConfirmedOrder = Pick<
  Order,
  "number" | "email" | "subtotal" | "discount" | "shipping" | "tax" | "total" | "deliveryMethodName" | "deliveryAddress"
>;

/** An order line as stored (a membership's line has no size or colour). */
export type MailedLine = Pick<OrderLine, "productName" | "quantity" | "unitPrice"> & {
  size?: string | null;
  colour?: string | null;
};

/** How the confirmation says the order is paid: by transfer to the shop's account by a date, or by card already. */
export type ConfirmedPayment = { transfer: { bank: BankDetails; payBy: Date } } | "paid by card";

/** The confirmation: what was ordered, the totals, where it goes and, for a transfer, how to pay. */
export function confirmationOf(
  shop: OrderMailShop,
  order: ConfirmedOrder,
  lines: readonly MailedLine[],
  payment: ConfirmedPayment,
  money: (minor: number) => string,
): Mail {
  return orderConfirmationMail({
    siteName: shop.siteName,
    to: order.email,
    number: order.number,
    lines: lines.map((line) => ({
      name: line.productName,
      size: line.size ?? "",
      colour: line.colour ?? "",
      quantity: line.quantity,
      lineTotal: line.unitPrice * line.quantity,
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    delivery: order.shipping,
    tax: order.tax,
    total: order.total,
    deliveryMethod: order.deliveryMethodName ?? (deliversGoods(order) ? "Delivery" : null),
    deliveryAddress: orderAddress(order.deliveryAddress)?.lines ?? null,
    link: shop.orderLink(order.number),
    transfer:
      payment === "paid by card"
        ? null
        : { bank: payment.transfer.bank, reference: order.number, payBy: payment.transfer.payBy.toISOString().slice(0, 10) },
    paid: payment === "paid by card",
    money,
  });
}

/** The buyer's mail that their order is cancelled, and why (`reason` ends the sentence). */
export function cancellationOf(shop: OrderMailShop, order: Order, reason: string): Mail {
  return orderCancelledMail({
    siteName: shop.siteName,
    to: order.email,
    number: order.number,
    reason,
    link: shop.orderLink(order.number),
    goods: deliversGoods(order),
  });
}

/** The mail of a step in the order's life: paid, shipped (its carrier and tracking from the order), refunded (`amount` in words). */
export function updateOf(shop: OrderMailShop, order: Order, kind: "paid" | "shipped" | "refunded", amount?: string): Mail {
  return orderUpdateMail({
    siteName: shop.siteName,
    to: order.email,
    number: order.number,
    kind,
    link: shop.orderLink(order.number),
    goods: deliversGoods(order),
    amount,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
  });
}
