import { z } from "zod";
import { MAX_OPTION_NAME } from "../../lib/option-names.ts";
import { recordIdInput } from "../../lib/record-id.ts";
import { readAmount } from "./amounts.ts";
import { gtinProblem } from "./gtin.ts";
import { optionPriceProblems } from "./rules.ts";
import { ACCESS_CHOICES, MAX_SLUG_LENGTH, PUBLISH_CHOICES, SLUG_PATTERN, slugUsable } from "./shared.ts";

/*
 * One schema per input of the product editor (ADR 63), shared by the back office's forms and the
 * catalogue import. Prices are texts in the currency's main unit ("12.50"), read exactly; the
 * schemas that hold prices are made for the shop's currency.
 */

/** "" (an empty form field) reads as absent. */
const blank = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const words = (what: string, max: number) =>
  z
    .string({ error: `Give the ${what}.` })
    .trim()
    .max(max, `Use at most ${max} characters for the ${what}.`);

/**
 * A moment typed in the shop's time zone (UTC): a date-time field's "2026-12-01T09:00", or an ISO
 * time with its offset. Between 2000 and 2099, else a typing slip.
 */
const moment = (what: string) =>
  z
    .string({ error: `Give the ${what} as a date and time.` })
    .trim()
    .transform((text, context) => {
      const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text);
      const withZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
      const at = local ? new Date(`${text}Z`) : withZone ? new Date(text) : null;
      if (!at || Number.isNaN(at.getTime())) {
        context.addIssue({ code: "custom", message: `Give the ${what} as a date and a time (UTC).` });
        return z.NEVER;
      }
      const year = at.getUTCFullYear();
      if (year < 2000 || year > 2099) {
        context.addIssue({ code: "custom", message: `Give a ${what} between 2000 and 2099.` });
        return z.NEVER;
      }
      return at;
    });

/** An attribute's values: one (a radio or a select) or several (checkboxes). */
const attributeValues = z.union([z.string(), z.array(z.string())]).transform((value) => (Array.isArray(value) ? value : [value]));

export const productFieldsInput = z
  .object({
    name: words("title", 200).min(1, "Give the product a title."),
    /** Empty: made from the title. */
    slug: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(MAX_SLUG_LENGTH, `Use at most ${MAX_SLUG_LENGTH} characters for the address.`)
        .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens for the address, such as grip-pro-2.")
        .refine(slugUsable, "This address would clash with the shop's own (a number alone, sale, brand, sub): add a word."),
    ),
    description: z.string().max(20_000, "Use at most 20,000 characters for the description.").default(""),
    brandId: recordIdInput("Choose a brand."),
    categoryId: recordIdInput("Choose a category."),
    subCategoryId: optional(recordIdInput("Choose a sub-category from the list.")),
    /** What its option axes are called (ADR 74): empty for "Size" and "Colour". */
    sizeName: words("name of its sizes", MAX_OPTION_NAME).default(""),
    colourName: words("name of its colours", MAX_OPTION_NAME).default(""),
    /** By attribute key: the values chosen. A key left out has none. */
    attributes: z.record(z.string(), attributeValues).default({}),
    seoTitle: words("search title", 120).default(""),
    seoDescription: words("search description", 320).default(""),
    publish: z.enum(PUBLISH_CHOICES, { error: "Choose when the product goes on the shop." }).default("draft"),
    publishAt: optional(moment("publishing time")),
    access: z.enum(ACCESS_CHOICES, { error: "Choose who may buy it." }).default("everyone"),
    /** Early access: when members-only ends. */
    publicAt: optional(moment("time it opens to everyone")),
  })
  .superRefine((input, context) => {
    if (input.publish === "at" && !input.publishAt) {
      context.addIssue({ code: "custom", path: ["publishAt"], message: "Give the date and time it goes on the shop." });
    }
    if (input.access === "early" && !input.publicAt) {
      context.addIssue({ code: "custom", path: ["publicAt"], message: "Give the date and time it opens to everyone." });
    }
  });
export type ProductFieldsInput = z.output<typeof productFieldsInput>;

/** A SKU: letters, digits, dots, hyphens, underscores and slashes, starting with a letter or digit. */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const MAX_SKU_LENGTH = 64;

/** The schemas that hold prices, in `currency` (its main unit, as typed). */
export function editorSchemas(currency: string) {
  const amount = (what: string) =>
    z.string({ error: `Give the ${what}.` }).transform((text, context) => {
      const read = readAmount(text, currency);
      if (!read.ok) {
        context.addIssue({ code: "custom", message: read.message });
        return z.NEVER;
      }
      return read.minor;
    });

  const optionRow = z
    .object({
      /** An option of the product being edited; absent: a new option. */
      id: optional(recordIdInput("No such option of this product.")),
      size: words("size", 40).min(1, "Name the size."),
      colour: words("colour", 40).min(1, "Name the colour."),
      colourHex: z
        .string({ error: "Give the colour as #RRGGBB." })
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, "Give the colour as #RRGGBB, such as #1f8a70.")
        .transform((hex) => hex.toLowerCase()),
      sku: z
        .string({ error: "Give the SKU." })
        .trim()
        .min(1, "Give the SKU.")
        .max(MAX_SKU_LENGTH, `Use at most ${MAX_SKU_LENGTH} characters for the SKU.`)
        .regex(SKU_PATTERN, "Use letters, digits, dots, hyphens, underscores and slashes for the SKU."),
      barcode: optional(
        z
          .string()
          .transform((code) => code.replace(/\s+/g, ""))
          .superRefine((code, context) => {
            const problem = gtinProblem(code);
            if (problem) context.addIssue({ code: "custom", message: problem });
          }),
      ),
      price: amount("price"),
      /** The "was" price of a sale: above the price. */
      compareAtPrice: optional(amount("sale's was price")),
      /** What members pay (ADR 41): at most the price. */
      memberPrice: optional(amount("member price")),
      lowStockThreshold: optional(
        z.coerce
          .number({ error: "Give the low-stock mark as a whole number." })
          .int("Give the low-stock mark as a whole number.")
          .min(0, "The low-stock mark cannot be negative.")
          .max(100_000, "Use a low-stock mark up to 100,000."),
      ),
    })
    .superRefine((row, context) => {
      // The one rule of an option's prices (rules.ts), as the bulk edits apply it too.
      const prices = { price: row.price, compareAtPrice: row.compareAtPrice ?? null, memberPrice: row.memberPrice ?? null };
      for (const problem of optionPriceProblems(prices, currency)) {
        context.addIssue({ code: "custom", path: [problem.field], message: problem.message });
      }
    });

  /** A list from a form's text ("S, M, L" or a line each) or from an array. */
  const listOf = <T extends z.ZodType>(item: T, separator: RegExp) =>
    z.preprocess(
      (value) =>
        typeof value === "string"
          ? value
              .split(separator)
              .map((one) => one.trim())
              .filter(Boolean)
          : value,
      z.array(item),
    );
  const colourLine = z.union([
    z.object({ name: z.string().trim().min(1).max(40), hex: z.string().regex(/^#[0-9a-fA-F]{6}$/) }),
    z.string().transform((line, context) => {
      const match = /^(.{1,40}?)\s+(#[0-9a-fA-F]{6})$/.exec(line.trim());
      if (!match) {
        context.addIssue({
          code: "custom",
          message: `Write each colour as its name and #hex, such as "Black #111111" ("${line.slice(0, 40)}").`,
        });
        return z.NEVER;
      }
      return { name: match[1]!.trim(), hex: match[2]! };
    }),
  ]);
  /** Options to make at once: every size in every colour, at one price (ADR 63). */
  const matrix = z.object({
    sizes: listOf(words("size", 40), /[,\n]/).pipe(
      z.array(z.string()).min(1, "Name at least one size (such as One size).").max(30, "Use at most 30 sizes."),
    ),
    colours: listOf(colourLine, /\n/).pipe(
      z
        .array(z.object({ name: z.string(), hex: z.string() }))
        .min(1, "Name at least one colour with its #hex.")
        .max(30, "Use at most 30 colours."),
    ),
    price: amount("price of the new options"),
    /** What the new SKUs start with; empty: made from the product's address. */
    skuPrefix: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .max(30, "Use at most 30 characters for the SKU start.")
        .regex(/^[A-Z0-9][A-Z0-9-]*$/, "Use letters, digits and hyphens for the SKU start."),
    ),
  });
  /** A matrix whose fields are all empty is none (the form's part left blank). */
  const optionalMatrix = z.preprocess(
    (value) =>
      value && typeof value === "object" && Object.values(value).every((one) => one === "" || one === undefined)
        ? undefined
        : value,
    matrix.optional(),
  );
  const rows = z.array(optionRow).max(500, "A product has at most 500 options.").default([]);

  return {
    optionRow,
    matrix,
    /** A new product: its fields, the options typed row by row, and options made as a matrix. */
    createInput: z.object({ product: productFieldsInput, variants: rows, options: optionalMatrix }),
    /** A change: the version read; the fields (absent: unchanged), option rows to save, a matrix to add. */
    updateInput: z.object({
      version: z.string({ error: "The form is missing the product's version: reload the page." }).min(1),
      product: productFieldsInput.optional(),
      variants: rows.optional(),
      options: optionalMatrix,
    }),
  };
}
export type EditorSchemas = ReturnType<typeof editorSchemas>;
export type OptionRowInput = z.output<EditorSchemas["optionRow"]>;
export type MatrixInput = z.output<EditorSchemas["matrix"]>;

export const versionInput = z.object({
  version: z.string({ error: "The form is missing the product's version: reload the page." }).min(1),
});
export const removeOptionInput = versionInput.extend({ variantId: recordIdInput("No such option of this product.") });
export const productIdInput = recordIdInput("No such product.");
