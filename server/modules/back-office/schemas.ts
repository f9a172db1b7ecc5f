import { z } from "zod";
import { MAX_RECORD_ID, recordIdInput } from "../../lib/record-id.ts";
import { ORDER_STATUSES, PAYMENT_METHODS } from "../../db/schema/index.ts";
import { shipInput } from "../orders/index.ts";
import {
  BATCH_SIZE,
  CUSTOMER_SORTS,
  DEMAND_SORTS,
  ORDER_SORTS,
  PAYMENT_STATES,
  PRODUCT_ACCESS,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  SORT_DIRECTIONS,
  STOCK_LEVELS,
} from "./shared.ts";

/*
 * One schema per input of the back office's reads (ADR 60). A page hands in its URL's search
 * params as they are: an empty field (a filter form sent with nothing chosen) is no filter, an
 * absent one takes its default, and a value that makes no sense is a field error, never a guess.
 */

/** "" (an empty form field) and [] read as absent. */
const blank = (value: unknown) => (value === "" || (Array.isArray(value) && value.length === 0) ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const search = optional(z.string().trim().max(200, "Search with at most 200 characters."));
const day = (what: string) =>
  optional(
    z.iso
      .date({ error: `Give the ${what} date as YYYY-MM-DD.` })
      .refine((d) => !Number.isNaN(Date.parse(d)), `No such ${what} date.`)
      // The shop's records lie within these years; outside them a date is a typing slip.
      .refine((d) => d >= "2000-01-01" && d <= "2099-12-31", `Give a ${what} date between 2000 and 2099.`),
  );
const page = z.preprocess(
  blank,
  z.coerce
    .number({ error: "The page must be a whole number." })
    .int("The page must be a whole number.")
    .min(1, "Pages start at 1.")
    .max(1_000_000, "There are not that many pages.")
    .default(1),
);
const direction = z.preprocess(blank, z.enum(SORT_DIRECTIONS, { error: "Sort asc or desc." }).default("desc"));
const dateRange = { from: day("from"), to: day("to") };
const fromBeforeTo = (input: { from?: string; to?: string }) => !input.from || !input.to || input.from <= input.to;
const rangeError = { message: "The end date comes before the start date.", path: ["to"] };

/** One value or several (?status=paid&status=shipped), always a list. */
const oneOrMany = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list.filter((one) => one !== "");
  }, z.array(schema).max(10));

export const ordersListInput = z
  .object({
    /** An order number (KS-100001 or 100001), an e-mail address or its start, or the buyer's name (word starts). */
    q: search,
    status: oneOrMany(z.enum(ORDER_STATUSES, { error: "Choose a status from the list." })),
    /** The payment method: bank_transfer or card. */
    method: optional(z.enum(PAYMENT_METHODS, { error: "Choose a payment method from the list." })),
    /** The payment state (PAYMENT_STATES). */
    payment: optional(z.enum(PAYMENT_STATES, { error: "Choose a payment state from the list." })),
    /** The delivery country, ISO 3166-1 alpha-2. */
    country: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, "Give the country as its two-letter code, such as NL.")
        .transform((code) => code.toUpperCase()),
    ),
    /** Placed on or after this UTC day, and on or before `to` (both included). */
    ...dateRange,
    sort: z.preprocess(blank, z.enum(ORDER_SORTS, { error: "Sort by date or total." }).default("date")),
    dir: direction,
    page,
  })
  .refine(fromBeforeTo, rangeError);
export type OrdersListParams = z.output<typeof ordersListInput>;

export const customersListInput = z.object({
  /** The start of a name, an e-mail address or a user name. */
  q: search,
  sort: z.preprocess(blank, z.enum(CUSTOMER_SORTS, { error: "Sort by joined or spent." }).default("joined")),
  dir: direction,
  page,
});
export type CustomersListParams = z.output<typeof customersListInput>;

/** A row id as a filter's choice sends it (a brand, a category). */
const rowId = (what: string) =>
  optional(
    z.coerce
      .number({ error: `Choose a ${what} from the list.` })
      .int(`Choose a ${what} from the list.`)
      .min(1, `Choose a ${what} from the list.`)
      .max(MAX_RECORD_ID, `Choose a ${what} from the list.`),
  );

export const productsListInput = z.object({
  /** Part of the product's name (any case), or the start of one of its options' SKUs. */
  q: search,
  /** A category's id: the products in it or in it as their sub-category. */
  category: rowId("category"),
  brand: rowId("brand"),
  status: optional(z.enum(PRODUCT_STATUSES, { error: "Choose a status from the list." })),
  /** Who may buy it now (PRODUCT_ACCESS). */
  access: optional(z.enum(PRODUCT_ACCESS, { error: "Choose who may buy from the list." })),
  /** The stock of all its options together (STOCK_LEVELS). */
  stock: optional(z.enum(STOCK_LEVELS, { error: "Choose a stock level from the list." })),
  sort: z.preprocess(blank, z.enum(PRODUCT_SORTS, { error: "Sort by newest, title, stock or price." }).default("newest")),
  dir: direction,
  page,
});
export type ProductsListParams = z.output<typeof productsListInput>;

export const auditListInput = z
  .object({
    /** Who: an account id, or an e-mail address (as it was when they acted). */
    actor: optional(z.string().trim().toLowerCase().max(320, "Give an account id or an e-mail address.")),
    entityType: optional(z.string().trim().max(60, "The entity type is too long.")),
    entityId: optional(z.string().trim().max(120, "The entity id is too long.")),
    action: optional(z.string().trim().max(120, "The action is too long.")),
    ...dateRange,
    page,
  })
  .refine(fromBeforeTo, rangeError);
export type AuditListParams = z.output<typeof auditListInput>;

/** The demand page (ADR 77): back-in-stock requests by product, most wanted first. */
export const demandInput = z.object({
  sort: z.preprocess(blank, z.enum(DEMAND_SORTS, { error: "Sort by wanted or oldest." }).default("wanted")),
  dir: direction,
  page,
});
export type DemandParams = z.output<typeof demandInput>;

export const dashboardInput = z.object({
  /** Rows of each queue shown; each queue also says how many there are in all. */
  queueSize: z.preprocess(blank, z.coerce.number().int().min(1).max(100).default(10)),
});
export type DashboardParams = z.output<typeof dashboardInput>;

/** An account id as a page's URL carries it. */
export const customerIdInput = recordIdInput("Customer not found.");

/** An order number as a page's URL carries it (KS-100001). */
export const orderNumberInput = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^KS-\d{1,12}$/, "Order not found.");

/** Numbers as a form sends them: one, several (a key given again and again), or none. */
const orderNumbers = z.preprocess(
  (value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]),
  z
    .array(
      z
        .string({ error: "Order numbers look like KS-100001." })
        .trim()
        .toUpperCase()
        .regex(/^KS-\d{1,12}$/, "Order numbers look like KS-100001."),
    )
    // A page shows 50: anything much longer is not a person's choice.
    .max(BATCH_SIZE * 2, `Choose at most ${BATCH_SIZE} orders at a time.`),
);

/**
 * The orders chosen on the order list's page (ADR 62): the ticked `number`s; without JavaScript,
 * "all on this page" (`all=page`) takes the page's `shown` numbers, which the page sends beside
 * it, so the batch is what the person saw, not what the list holds by now.
 */
const selection = {
  number: orderNumbers,
  all: optional(z.literal("page", { error: "Choose the orders with their boxes." })),
  shown: orderNumbers,
};

function chosen(input: { number: string[]; all?: "page"; shown: string[] }, context: z.RefinementCtx): string[] {
  const numbers = [...new Set(input.all ? [...input.shown, ...input.number] : input.number)];
  if (numbers.length === 0) context.addIssue({ code: "custom", path: ["number"], message: "Choose at least one order." });
  if (numbers.length > BATCH_SIZE) {
    context.addIssue({ code: "custom", path: ["number"], message: `Choose at most ${BATCH_SIZE} orders at a time.` });
  }
  return numbers;
}

/** The orders whose packing slips to print together: their numbers, each once, in the order chosen. */
export const orderSelectionInput = z.object(selection).transform(chosen);

/**
 * A batch to mark shipped: the orders chosen, and the carrier (and maybe one tracking link) of
 * them all, checked as the order page's own form checks them (the ship use case's schema).
 */
export const shipOrdersInput = z
  .object({
    ...selection,
    carrier: shipInput.shape.carrier,
    trackingUrl: optional(shipInput.shape.trackingUrl),
  })
  .transform((input, context) => ({
    numbers: chosen(input, context),
    carrier: input.carrier,
    trackingUrl: input.trackingUrl,
  }));
export type ShipOrdersParams = z.output<typeof shipOrdersInput>;

/**
 * Raw input as a plain object: URLSearchParams (a key given twice becomes a list) or a record
 * as it is; anything else as no input.
 */
export function paramsOf(raw: unknown): Record<string, unknown> {
  if (raw instanceof URLSearchParams) {
    const params: Record<string, unknown> = {};
    for (const key of new Set(raw.keys())) {
      const values = raw.getAll(key);
      params[key] = values.length === 1 ? values[0] : values;
    }
    return params;
  }
  return raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
}
