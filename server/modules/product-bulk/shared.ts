// What the bulk edit pages may share of this module (ADR 53, ADR 71): words and plain values.

/** The bulk edits of selected products (issue 25 §3, ADR 71), in the order the form offers them. */
export const BULK_ACTIONS = [
  "price-percent",
  "price-amount",
  "price-set",
  "sale-percent",
  "sale-set",
  "sale-end",
  "sale-clear",
  "publish",
  "unpublish",
  "archive",
  "category",
  "members-only",
  "everyone",
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** What an action takes beside the selection: a percentage, an amount (signed or not), a category, or nothing. */
export type BulkValueKind = "percent" | "percent-off" | "signed-amount" | "amount" | "category" | null;

export const BULK_ACTION_INFO: Readonly<Record<BulkAction, { words: string; value: BulkValueKind; group: string }>> = {
  "price-percent": { words: "Change the price by a percentage", value: "percent", group: "Price" },
  "price-amount": { words: "Change the price by an amount", value: "signed-amount", group: "Price" },
  "price-set": { words: "Set the price to", value: "amount", group: "Price" },
  "sale-percent": { words: "Put on sale: a percentage off", value: "percent-off", group: "Sale" },
  "sale-set": { words: "Set the was price to", value: "amount", group: "Sale" },
  "sale-end": { words: "End the sale: back to the was price", value: null, group: "Sale" },
  "sale-clear": { words: "Clear the was price (the price stays)", value: null, group: "Sale" },
  publish: { words: "Publish now", value: null, group: "Status" },
  unpublish: { words: "Unpublish (back to draft)", value: null, group: "Status" },
  archive: { words: "Archive", value: null, group: "Status" },
  category: { words: "Move to a category", value: "category", group: "Category" },
  "members-only": { words: "Members only", value: null, group: "Who may buy" },
  everyone: { words: "Everyone may buy", value: null, group: "Who may buy" },
};

/** What the value field asks for, by what the action takes. */
export const BULK_VALUE_HINTS: Readonly<Record<Exclude<BulkValueKind, null>, string>> = {
  percent: "A percentage: -10 lowers the price by 10 %, 5 raises it by 5 %.",
  "percent-off": "How much off, such as 20 for 20 % off the regular price (which becomes the was price).",
  "signed-amount": "An amount: -5.00 lowers the price by 5.00, 2.50 raises it.",
  amount: "An amount, such as 49.95.",
  category: "Choose the category below.",
};

/**
 * The most products one bulk edit takes: "all that match the filter" with more is refused whole
 * (narrow the filter). 10,000 products are some 50,000 options: one transaction of batched
 * statements and one audit entry of that many rows.
 */
export const MAX_BULK_PRODUCTS = 10_000;

/** The preview's lines shown a page. */
export const BULK_PREVIEW_PAGE_SIZE = 100;

/** The preview page; the list's form sends its selection there. */
export const BULK_PATH = "/admin/products/bulk";

/** The list's own parameters, sent with a bulk edit so "all that match" and the way back are the list's. */
export const LIST_PARAMS = ["q", "category", "brand", "status", "access", "stock", "sort", "dir", "page"] as const;
