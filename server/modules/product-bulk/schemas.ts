import { z } from "zod";
import { recordIdInput } from "../../lib/record-id.ts";
import { productsListInput, type ProductsListParams } from "../back-office/index.ts";
import { readAmount } from "../product-editor/index.ts";
import { BULK_ACTION_INFO, BULK_ACTIONS, MAX_BULK_PRODUCTS, type BulkAction } from "./shared.ts";

/*
 * The one input of a bulk edit (issue 25 §3, ADR 71), for its preview and its apply alike: which
 * products (the ticked ones, or all that match the list's filter, resolved on the server), what to
 * change and to what. Amounts are typed in the shop's currency's main unit and read exactly, as
 * the product editor reads them.
 */

/** What a bulk edit changes, its value read. Percentages in basis points (-10 % is -1000), money in minor units. */
export type BulkChange =
  | { action: "price-percent"; basisPoints: number }
  | { action: "price-amount"; minor: number }
  | { action: "price-set"; minor: number }
  | { action: "sale-percent"; basisPoints: number }
  | { action: "sale-set"; minor: number }
  | { action: "category"; categoryId: number }
  | { action: Exclude<BulkAction, "price-percent" | "price-amount" | "price-set" | "sale-percent" | "sale-set" | "category"> };

/** The products chosen: by id, or every product the list's filter matches (at the moment of the preview or apply). */
export type BulkSelection = { kind: "ids"; ids: number[] } | { kind: "matching"; filter: ProductsListParams };

const blank = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
/** One value, several (a name sent again and again) or none, as a list. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]), z.array(item));

const productIds = listOf(recordIdInput("Choose the products with their boxes.")).pipe(
  z.array(z.number()).max(MAX_BULK_PRODUCTS, `Choose at most ${MAX_BULK_PRODUCTS} products at a time.`),
);

/** A percentage as typed: "-10", "+12.5", "10 %", "−7,5" (a typographic minus, a decimal comma); in basis points. */
function readPercent(text: string): number | null {
  const match = /^([+\-\u2212])?\s*(\d{1,5})(?:[.,](\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const magnitude = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] === "-" || match[1] === "\u2212" ? -magnitude : magnitude;
}

/** The largest rise a percentage gives (+1000 %), in basis points. */
const MAX_RISE = 100_000;

type Issue = { path: string; message: string };

/** The change the action and its value make, or what is wrong with the value. */
function changeOf(
  action: BulkAction,
  value: string | undefined,
  moveTo: number | undefined,
  currency: string,
): BulkChange | Issue {
  const kind = BULK_ACTION_INFO[action].value;
  const missing = (message: string): Issue => ({ path: "value", message });
  if (kind === null) return { action } as BulkChange;
  if (kind === "category") {
    return moveTo === undefined
      ? { path: "moveTo", message: "Choose the category to move them to." }
      : { action: "category", categoryId: moveTo };
  }
  if (value === undefined) {
    return missing(
      kind === "percent"
        ? "Give the percentage, such as -10 or 5."
        : kind === "percent-off"
          ? "Give how much off, such as 20."
          : "Give the amount.",
    );
  }
  if (kind === "percent" || kind === "percent-off") {
    const points = readPercent(value);
    if (points === null) return missing("Write the percentage as a number, such as -10 or 12.5 (at most 2 decimals).");
    if (kind === "percent") {
      if (points === 0) return missing("A change of 0 % changes nothing.");
      if (points <= -10_000) return missing("A price can go down by less than 100 %.");
      if (points > MAX_RISE) return missing("A price can go up by at most 1000 %.");
      return { action: "price-percent", basisPoints: points };
    }
    // "20" and "-20" both say 20 % off.
    const off = Math.abs(points);
    if (off === 0 || off >= 10_000) return missing("Give how much off as more than 0 and less than 100 %.");
    return { action: "sale-percent", basisPoints: off };
  }
  if (kind === "signed-amount") {
    const match = /^([+\-\u2212])?\s*(.*)$/.exec(value.trim())!;
    const read = readAmount(match[2]!, currency);
    if (!read.ok) return missing(read.message);
    if (read.minor === 0) return missing("A change of 0 changes nothing.");
    const down = match[1] === "-" || match[1] === "\u2212";
    return { action: "price-amount", minor: down ? -read.minor : read.minor };
  }
  // A price (or a was price) is set here, so the refusal names it.
  if (/^\s*[-\u2212]/.test(value)) return missing("A price cannot be negative.");
  const read = readAmount(value, currency);
  if (!read.ok) return missing(read.message);
  return { action: action as "price-set" | "sale-set", minor: read.minor };
}

/** The bulk edit's input in `currency`: the selection, the action and its value. */
export function bulkSchemas(currency: string) {
  const bulkInput = productsListInput
    .extend({
      /** The ticked products. */
      id: productIds,
      /** "page": every product the page showed (`shown`, sent without JavaScript); "matching": all the filter matches. */
      all: listOf(z.enum(["page", "matching"], { error: "Choose the products with their boxes." })),
      shown: productIds,
      action: z.enum(BULK_ACTIONS, { error: "Choose what to change." }),
      value: optional(z.string().trim().max(40, "Use at most 40 characters for the value.")),
      /** The category (or sub-category) of "move to a category". */
      moveTo: optional(recordIdInput("Choose a category from the list.")),
    })
    .transform((input, context) => {
      const change = changeOf(input.action, input.value, input.moveTo, currency);
      if ("path" in change) {
        context.addIssue({ code: "custom", path: [change.path], message: change.message });
        return z.NEVER;
      }
      const { id, all, shown, action: _action, value: _value, moveTo: _moveTo, ...filter } = input;
      if (all.includes("matching")) return { selection: { kind: "matching", filter } as BulkSelection, change };
      const ids = [...new Set(all.includes("page") ? [...shown, ...id] : id)];
      if (ids.length === 0) {
        context.addIssue({
          code: "custom",
          path: ["id"],
          message: "Tick the products to change, or choose all that match the filter.",
        });
        return z.NEVER;
      }
      return { selection: { kind: "ids", ids } as BulkSelection, change };
    });
  return {
    bulkInput,
    /** Applying: the same input and the preview's fingerprint, so what is applied is what was previewed. */
    applyInput: z.intersection(
      bulkInput,
      z.object({
        fingerprint: z
          .string({ error: "The form is missing its preview: preview the change again." })
          .regex(/^[0-9a-f]{64}$/, "The form is missing its preview: preview the change again."),
      }),
    ),
  };
}

export type BulkInput = z.output<ReturnType<typeof bulkSchemas>["bulkInput"]>;
