import type { Mail } from "../mail/index.ts";
import { mailHtml } from "../mail/index.ts";

/** The shop's bank account, for orders paid by transfer. */
export interface BankDetails {
  accountHolder: string;
  iban: string;
  bic: string;
}

export interface ConfirmationFacts {
  siteName: string;
  to: string;
  number: string;
  lines: { name: string; size: string; colour: string; quantity: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  delivery: number;
  tax: number;
  total: number;
  /** null: nothing is delivered (an order of a membership alone, ADR 42). */
  deliveryMethod: string | null;
  /** Where the goods go, printed in the country's format (customers formatAddress); none for a membership alone. */
  deliveryAddress?: string[] | null;
  /** Where the shopper follows the order. */
  link: string;
  /** For bank transfers: where to pay, and until when the items are kept. */
  transfer: { bank: BankDetails; reference: string; payBy: string } | null;
  /** Already paid (a card payment confirms the order once it arrives). */
  paid?: boolean;
  money: (minor: number) => string;
}

/**
 * Whether an order sends goods, or holds only a membership plan (ADR 42), which starts when it is
 * paid: the mails then speak of the membership, not of packing and sending.
 */
export function deliversGoods(order: { deliveryMethodName: string | null; shipping: number }): boolean {
  return order.deliveryMethodName !== null || order.shipping > 0;
}

/** ", so the items went back on sale" for an order of goods; nothing for a membership alone. */
export function itemsBackOnSale(order: { deliveryMethodName: string | null; shipping: number }): string {
  return deliversGoods(order) ? ", so the items went back on sale" : "";
}

/** An order mail in both forms: the paragraphs, a button to the order, the small print, signed. */
function orderMail(facts: {
  siteName: string;
  to: string;
  subject: string;
  paragraphs: string[];
  notes: string[];
  link: string;
}): Mail {
  const { siteName, subject, paragraphs, notes, link } = facts;
  const text = [...paragraphs, `Your order: ${link}`, ...notes, `The ${siteName} team`].join("\n\n");
  return {
    to: facts.to,
    subject,
    text,
    html: mailHtml({ siteName, title: subject, paragraphs, button: { label: "View your order", href: link }, notes }),
  };
}

/** Sent when an order is placed: what was ordered, the totals and, for a transfer, how to pay. */
export function orderConfirmationMail(facts: ConfirmationFacts): Mail {
  const { money } = facts;
  const subject = `Your order ${facts.number} at ${facts.siteName}`;
  const lines = facts.lines.map(
    (line) =>
      `${line.quantity} × ${line.name}${line.size || line.colour ? ` (${line.size}, ${line.colour})` : ""}: ${money(line.lineTotal)}`,
  );
  const totals = [
    `Items: ${money(facts.subtotal)}`,
    ...(facts.discount > 0 ? [`Discount: −${money(facts.discount)}`] : []),
    ...(facts.deliveryMethod === null
      ? []
      : [`${facts.deliveryMethod}: ${facts.delivery === 0 ? "free" : money(facts.delivery)}`]),
    `Total: ${money(facts.total)} (VAT included: ${money(facts.tax)})`,
  ];
  const goods = facts.deliveryMethod !== null;
  const payment = facts.transfer
    ? [
        `Please transfer ${money(facts.total)} to ${facts.transfer.bank.accountHolder}, IBAN ${facts.transfer.bank.iban}, BIC ${facts.transfer.bank.bic}, quoting ${facts.transfer.reference}.`,
        goods
          ? `We keep your items until ${facts.transfer.payBy}; we send them as soon as the payment arrives.`
          : `Please pay by ${facts.transfer.payBy}; your membership starts as soon as the payment arrives.`,
      ]
    : facts.paid
      ? [
          goods
            ? "Your payment has arrived: we are packing your items now."
            : "Your payment has arrived: your membership has started.",
        ]
      : ["We will let you know as soon as your payment is confirmed."];
  // One paragraph, its lines in the country's order: mail clients do not all keep line breaks.
  const address = goods && facts.deliveryAddress?.length ? [`We send it to: ${facts.deliveryAddress.join(", ")}.`] : [];
  const paragraphs = [`Thank you for your order ${facts.number}.`, ...lines, ...totals, ...address, ...payment];
  const notes = [`Questions about your order? Reply to this mail and quote ${facts.number}.`];
  return orderMail({ siteName: facts.siteName, to: facts.to, subject, paragraphs, notes, link: facts.link });
}

/** Sent when an order is cancelled: why, and that nothing is owed (or what is paid back). */
export function orderCancelledMail(facts: {
  siteName: string;
  to: string;
  number: string;
  reason: string;
  link: string;
  /** False for an order of a membership alone (deliversGoods). */
  goods: boolean;
}): Mail {
  const subject = `Your order ${facts.number} has been cancelled`;
  const paragraphs = [`Your order ${facts.number} at ${facts.siteName} has been cancelled: ${facts.reason}`];
  const notes = [
    facts.goods
      ? "If you still want the items, you are welcome to order them again."
      : "If you still want the membership, you are welcome to join again.",
  ];
  return orderMail({ siteName: facts.siteName, to: facts.to, subject, paragraphs, notes, link: facts.link });
}

/** The other mails of an order's life: paid, shipped (with tracking), refunded. Each links to the order. */
export function orderUpdateMail(facts: {
  siteName: string;
  to: string;
  number: string;
  kind: "paid" | "shipped" | "refunded";
  link: string;
  /** False for an order of a membership alone (deliversGoods). */
  goods: boolean;
  amount?: string;
  carrier?: string | null;
  trackingUrl?: string | null;
}): Mail {
  const subjects = {
    paid: `We received your payment for order ${facts.number}`,
    shipped: `Your order ${facts.number} is on its way`,
    refunded: `We refunded ${facts.amount ?? "your payment"} for order ${facts.number}`,
  };
  const lines = {
    paid: [
      `Thank you: your payment for order ${facts.number} has arrived. ${facts.goods ? "We are packing your items now." : "Your membership has started."}`,
    ],
    shipped: [
      `Your order ${facts.number} has left our warehouse${facts.carrier ? ` with ${facts.carrier}` : ""}.`,
      ...(facts.trackingUrl ? [`Follow your parcel: ${facts.trackingUrl}`] : []),
    ],
    refunded: [
      `We have refunded ${facts.amount ?? "your payment"} for order ${facts.number}. It reaches your account within a few working days.`,
    ],
  };
  const subject = subjects[facts.kind];
  const paragraphs = lines[facts.kind];
  const notes = [`Questions? Reply to this mail and quote ${facts.number}.`];
  return orderMail({ siteName: facts.siteName, to: facts.to, subject, paragraphs, notes, link: facts.link });
}
