import { z } from "zod";
import { MAX_RECORD_ID, recordIdInput } from "../../lib/record-id.ts";
import { ADJUST_REASONS, MAX_STOCK, STOCK_STATES } from "./shared.ts";

/*
 * One schema per input of the stock module. A page hands in its URL's search params as they are:
 * an empty field is no filter, and a value that makes no sense is a field error, never a guess.
 */

/** "" (an empty form field) and [] read as absent. */
const blank = (value: unknown) => (value === "" || (Array.isArray(value) && value.length === 0) ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const rowId = (what: string) =>
  optional(
    z.coerce
      .number({ error: `Choose a ${what} from the list.` })
      .int(`Choose a ${what} from the list.`)
      .min(1, `Choose a ${what} from the list.`)
      .max(MAX_RECORD_ID, `Choose a ${what} from the list.`),
  );
const page = z.preprocess(
  blank,
  z.coerce
    .number({ error: "The page must be a whole number." })
    .int("The page must be a whole number.")
    .min(1, "The page must be 1 or more.")
    .max(100_000, "There are not that many pages.")
    .default(1),
);

export const stockGridInput = z.object({
  /** Part of the product's title (any case), or the start of an option's SKU. */
  q: optional(z.string().trim().max(200, "Search with at most 200 characters.")),
  /** A category's id: options of products in it or in it as their sub-category. */
  category: rowId("category"),
  /** One product's options. */
  product: rowId("product"),
  stock: optional(z.enum(STOCK_STATES, { error: "Choose a stock state from the list." })),
  page,
});
export type StockGridParams = z.output<typeof stockGridInput>;

export const stockHistoryInput = z.object({
  productId: recordIdInput("Product not found."),
  page,
});

const count = (what: string) =>
  z.coerce
    .number({ error: `Give ${what} as a whole number.` })
    .int(`Give ${what} as a whole number.`)
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} cannot be below 0.`)
    .max(MAX_STOCK, `Give ${what} of at most ${MAX_STOCK}.`);

/** A save of the stock grid: each row sets an option's stock, read at `was`, to `count`. */
export const stockAdjustInput = z.object({
  reason: z.enum(ADJUST_REASONS, { error: "Choose why the stock changed: received, counted, damaged or returned." }),
  note: z.preprocess(blank, z.string().trim().max(500, "Use at most 500 characters for the note.").optional()),
  rows: z
    .array(
      z.object({
        variantId: recordIdInput("There is no such option."),
        /** The stock the page showed (the row's version). */
        was: count("the stock read"),
        count: count("the new count"),
      }),
      { error: "Type a new count in at least one row." },
    )
    .min(1, "Type a new count in at least one row.")
    .max(1000, "Save at most 1000 rows at once."),
});
export type StockAdjust = z.output<typeof stockAdjustInput>;
