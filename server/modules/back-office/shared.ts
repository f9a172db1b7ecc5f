// What the back office's pages may share of this module (ADR 53): plain values, types and pure
// functions, no server code (what a page takes from here may ship to the browser).

/** Rows on a page of every back-office table (issue 24 §4, §5, §6). */
export const PAGE_SIZE = 50;

/** The most orders one bulk action takes (ADR 62): a page of the list. */
export const BATCH_SIZE = PAGE_SIZE;

/** Who sells, as packing slips and invoices print it (ADR 62). */
export interface Seller {
  /** The legal name (SHOP_LEGAL_NAME, else the shop's name). */
  name: string;
  /** The postal address, a line each. */
  address: string[];
  /** The VAT identification number; null for a seller without one. */
  vatId: string | null;
  /** The shop's public address on the web. */
  website: string;
}

/**
 * Where an order's money stands, read from the order alone (ADR 60):
 * - `unpaid`: awaiting payment;
 * - `paid`: paid (and maybe shipped or delivered), nothing paid back;
 * - `partially_refunded`: paid, part of it paid back;
 * - `refunded`: everything paid back (a refunded order, or a paid order that was cancelled);
 * - `voided`: cancelled before it was paid, so nothing was ever owed.
 */
export const PAYMENT_STATES = ["unpaid", "paid", "partially_refunded", "refunded", "voided"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_WORDS: Readonly<Record<PaymentState, string>> = {
  unpaid: "unpaid",
  paid: "paid",
  partially_refunded: "partly refunded",
  refunded: "refunded",
  voided: "voided",
};

export const ORDER_SORTS = ["date", "total"] as const;
export const CUSTOMER_SORTS = ["joined", "spent"] as const;
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
/** The demand page (ADR 77): by requests waiting (most wanted), or by when the longest-waiting was made. */
export const DEMAND_SORTS = ["wanted", "oldest"] as const;

/*
 * The product list (issue 25 §1). A product's status is the product editor's (ADR 63): draft,
 * published, scheduled or archived, read from published, publish_at and archived_at.
 */
export const PRODUCT_SORTS = ["newest", "title", "stock", "price"] as const;
export { PRODUCT_STATUSES, PRODUCT_STATUS_WORDS, type ProductStatus } from "../product-editor/shared.ts";
/**
 * Who may buy a product, read as the shop's rule (catalog/sellable.ts) reads it now:
 * `everyone`; `early`: members-only until its public_at, then everyone's; `members`: members-only for good.
 */
export const PRODUCT_ACCESS = ["everyone", "early", "members"] as const;
export type ProductAccess = (typeof PRODUCT_ACCESS)[number];
export const PRODUCT_ACCESS_WORDS: Readonly<Record<ProductAccess, string>> = {
  everyone: "Everyone",
  early: "Early access",
  members: "Members only",
};
/**
 * A product's stock (stock/low-stock.ts, ADR 74): `none` nothing in stock, `low` some option at or
 * below its low mark, `in` every option above it.
 */
export const STOCK_LEVELS = ["none", "low", "in"] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** What the staff may do to an order now, as its page offers it (each is a form). */
export const ORDER_ACTIONS = ["markPaid", "ship", "markDelivered", "cancel", "refund", "resendMail", "addNote"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** An audit entry's entity, as far as linkOf needs it. */
export interface AuditEntity {
  entityType: string;
  entityId: string;
}

/**
 * The back-office page of an audit entry's entity, or null when it has none. An order's entries
 * name it by its number (KS-100001); a customer's (or user's) by the account id.
 */
export function linkOf(entry: AuditEntity): string | null {
  const id = encodeURIComponent(entry.entityId);
  switch (entry.entityType) {
    case "order":
      return `/admin/orders/${id}`;
    case "customer":
    case "user":
      return /^\d+$/.test(entry.entityId) ? `/admin/customers/${id}` : null;
    case "product":
      return /^\d+$/.test(entry.entityId) ? `/admin/products/${id}` : null;
    case "newsletter":
      return "/admin/newsletter";
    case "staff":
    case "invitation":
    case "staff_invitation":
      return "/admin/staff";
    default:
      return null;
  }
}

type ParamValue = string | number | boolean | null | undefined | readonly string[];

/**
 * A table's URL search ("?status=paid&page=2", or "" for none) from its parsed params with
 * `changes` applied: empty values and `defaults` are left out, so links stay short and the same
 * view has one address. A change of anything but the page goes back to page 1.
 */
export function searchOf(
  params: Readonly<Record<string, ParamValue>>,
  changes: Readonly<Record<string, ParamValue>> = {},
  defaults: Readonly<Record<string, ParamValue>> = { page: 1, sort: "date", dir: "desc" },
): string {
  const merged: Record<string, ParamValue> = { ...params, ...changes };
  if (!("page" in changes) && Object.keys(changes).length > 0) merged.page = 1;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (defaults[key] !== undefined && String(defaults[key]) === String(value)) continue;
    if (Array.isArray(value)) for (const one of value as readonly string[]) search.append(key, one);
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * Which invoice an order has (ADR 62): a pro forma while unpaid; none when it was cancelled before it
 * was paid (nothing was owed); else an invoice. A paid order cancelled with its refund still on its
 * way reads as voided, but its history says it was paid: it keeps its invoice.
 */
export function invoiceKindOf(order: {
  payment: { state: PaymentState };
  history: readonly { status: string }[];
}): "invoice" | "pro_forma" | null {
  if (order.payment.state === "unpaid") return "pro_forma";
  if (order.payment.state === "voided" && !order.history.some((event) => event.status === "paid")) return null;
  return "invoice";
}
