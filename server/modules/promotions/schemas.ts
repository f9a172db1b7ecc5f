import { z } from "zod";
import { parseAmount } from "../../lib/money.ts";
import { percentToBasisPoints } from "../../lib/percent.ts";
import { recordIdInput } from "../../lib/record-id.ts";
import { CODE_MAX, CODE_PATTERN, PROMOTION_KINDS, PROMOTION_SORTS, PROMOTION_STATUSES } from "./shared.ts";

/*
 * One schema per input of the promotions' use cases (ADR 67). A form sends text: an empty field
 * is absent; money and percentages are read exactly from their decimal text, never through a
 * floating-point number.
 */

const blank = (value: unknown) => (value === "" || (Array.isArray(value) && value.length === 0) ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

export const promotionsListInput = z.object({
  /** The start of a code, any case. */
  q: optional(z.string().trim().max(CODE_MAX, `Codes have at most ${CODE_MAX} characters.`)),
  status: optional(z.enum(PROMOTION_STATUSES, { error: "Choose a status from the list." })),
  kind: optional(z.enum(PROMOTION_KINDS, { error: "Choose a kind from the list." })),
  sort: z.preprocess(blank, z.enum(PROMOTION_SORTS, { error: "Sort by a column of the list." }).default("created")),
  dir: z.preprocess(blank, z.enum(["asc", "desc"], { error: "Sort asc or desc." }).default("desc")),
  page: z.preprocess(
    blank,
    z.coerce
      .number({ error: "The page must be a whole number." })
      .int("The page must be a whole number.")
      .min(1)
      .max(1_000_000)
      .default(1),
  ),
});
export type PromotionsListParams = z.output<typeof promotionsListInput>;

export const promotionId = recordIdInput("No such promo code.");

/** "12.5" → 1250: the shop's one reading of a percentage (lib/percent.ts); above 100 % is said below. */
const basisPoints = (text: string) => percentToBasisPoints(text, Number.POSITIVE_INFINITY);

/** An amount in the shop's currency ("5.00", "1,234.50") as exact minor units (money.ts parseAmount). */
const amount = (what: string, currency: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const minor = parseAmount(text, currency);
      if (minor === null || minor > 1_000_000_000) {
        ctx.addIssue({ code: "custom", message: `Give ${what} in ${currency}, such as 12.50.` });
        return z.NEVER;
      }
      return minor;
    });

/** A moment typed in the shop's time zone (UTC) as a datetime-local field sends it. */
const moment = (what: string) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, `Give the ${what} as a date and time.`)
      .transform((text) => new Date(`${text}:00Z`))
      .refine((date) => !Number.isNaN(date.getTime()), `No such ${what}.`)
      .refine((date) => date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 2099, `Give a ${what} between 2000 and 2099.`),
  );

const checkbox = z.preprocess((value) => value === "true" || value === "on" || value === true, z.boolean());

/** A promo code as the editor sends it; amounts are read in the shop's `currency`. */
export const promotionInput = (currency: string) =>
  z
    .object({
      code: z
        .string({ error: "Give the code." })
        .trim()
        .min(1, "Give the code.")
        .max(CODE_MAX, `A code has at most ${CODE_MAX} characters.`)
        .transform((code) => code.toUpperCase())
        .refine((code) => CODE_PATTERN.test(code), "Use letters, digits and single hyphens only, such as SUMMER-10."),
      kind: z.enum(["percent", "amount", "free_delivery"], { error: "Choose what the code gives." }),
      /** A percentage ("10", "12.5") or an amount in the shop's currency ("5.00"); ignored for free delivery. */
      value: optional(z.string().trim()),
      minimumSpend: z.preprocess(blank, amount("the minimum spend", currency).optional()),
      startsAt: moment("start"),
      endsAt: moment("end"),
      usageLimit: optional(
        z.coerce
          .number({ error: "Give the limit as a whole number." })
          .int("Give the limit as a whole number.")
          .min(1, "Allow at least one use, or leave it empty for no limit.")
          .max(1_000_000_000, "Give a smaller limit."),
      ),
      oncePerCustomer: checkbox,
      /** Category ids, checked in the form. */
      categories: z.preprocess(
        (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
        z.array(recordIdInput("Choose categories from the list.")).max(500),
      ),
      /** Product slugs or SKUs, one a line (or separated by commas). */
      products: z.preprocess(
        (value) => (typeof value === "string" ? value : ""),
        z
          .string()
          .max(20_000, "Name at most a few hundred products.")
          .transform((text) => [...new Set(text.split(/[\s,]+/).filter(Boolean))]),
      ),
    })
    .transform((input, ctx) => {
      let value = 0;
      if (input.kind !== "free_delivery") {
        // A percentage is kept as basis points (10 % → 1000), an amount as minor units.
        const parsed = input.kind === "percent" ? basisPoints(input.value ?? "") : parseAmount(input.value ?? "", currency);
        if (parsed === null) {
          const message =
            input.kind === "percent"
              ? "Give the percentage as a number with at most two decimals, such as 12.5."
              : `Give the amount in ${currency}, such as 5.00.`;
          ctx.addIssue({ code: "custom", path: ["value"], message });
          return z.NEVER;
        }
        value = parsed;
        if (value <= 0) ctx.addIssue({ code: "custom", path: ["value"], message: "Take something off: give more than 0." });
        if (input.kind === "percent" && value > 10_000) {
          ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is at most 100." });
        }
        if (input.kind === "amount" && value > 1_000_000_000) {
          ctx.addIssue({ code: "custom", path: ["value"], message: "Give a smaller amount." });
        }
      }
      if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end comes after the start." });
      }
      return { ...input, value, minimumSpend: input.minimumSpend ?? 0 };
    });
export type PromotionInput = z.output<ReturnType<typeof promotionInput>>;

/** The version a form read: the code's updatedAt as ISO text. */
export const versionInput = z.string({ error: "The form is missing its version: reload the page." }).min(1);
